/** A file as the console's upload endpoints read it: the one part of a multipart body, named `file`. */
export function uploadForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
