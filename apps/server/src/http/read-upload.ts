import { Code } from '@cliffhanger/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './envelope.js';

function invalidField(field: string, message: string, summary = 'Invalid input', cause?: unknown): AppError {
  return new AppError(Code.INVALID_INPUT, summary, { fields: [{ field, message }] }, { cause });
}

/**
 * A multipart body the parser gave up on (cut off mid-part, no boundary, too many parts) is the
 * client's fault: Code.INVALID_INPUT, with the parser's error kept as the cause for the log.
 */
function malformed(field: string, cause: unknown): AppError {
  if (cause instanceof AppError) return cause;
  return invalidField(field, 'is not a complete multipart/form-data body', 'Malformed multipart body', cause);
}

/**
 * The bytes of the one file part named `field` of a multipart request. The size limit is applied
 * to the stream while it is read, so an oversize upload is refused after `maxBytes` bytes instead
 * of being buffered whole. Needs @fastify/multipart registered in the route's scope.
 */
export async function readSingleFile(
  request: Pick<FastifyRequest, 'isMultipart' | 'file'>,
  field: string,
  maxBytes: number,
): Promise<Buffer> {
  const name = `body.${field}`;
  if (!request.isMultipart()) throw invalidField(name, 'must be sent as multipart/form-data');
  const part = await request
    .file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 }, throwFileSizeLimit: true })
    .catch((error: unknown) => {
      throw malformed(name, error);
    });
  if (!part) throw invalidField(name, 'is required');
  if (part.fieldname !== field) {
    part.file.resume();
    throw invalidField(name, `is required (got a file in "${part.fieldname}")`);
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(Code.PAYLOAD_TOO_LARGE, `The file is larger than ${maxBytes} bytes`, {
        max_bytes: maxBytes,
      });
    }
    throw malformed(name, error);
  }
}
