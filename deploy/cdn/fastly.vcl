# Fastly VCL for the media service (docs/cdn.md#fastly): checks the media token as
# apps/server/src/media/signing/media-token.ts does, with the keys in the Edge Dictionary
# `media_token_keys` (kid -> secret), and keys the cache on the host and the media path.
# `%0A` is a newline in a Fastly string literal; digest.secure_is_equal compares in constant time.
# Origin: the API, which checks the token again. Request collapsing is on by default.

sub vcl_recv {
  if (req.url.path ~ "^/media/t/") {
    # req.url carries the query too: a URL with one does not match and is refused.
    if (req.url !~ "^/media/t/([a-z0-9]{1,16})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})/(episodes/[a-z0-9][a-z0-9_-]*/[a-z0-9][a-z0-9_-]*)/((?:[a-z0-9][a-z0-9_-]*/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]+)$") {
      error 604;
    }
    set req.http.X-Media-Kid = re.group.1;
    set req.http.X-Media-Exp = re.group.2;
    set req.http.X-Media-Mac = re.group.3;
    set req.http.X-Media-Scope = re.group.4;
    set req.http.X-Media-Path = re.group.4 "/" re.group.5;
    if (!table.contains(media_token_keys, req.http.X-Media-Kid)) { error 603; }
    if (!digest.secure_is_equal(req.http.X-Media-Mac,
          regsuball(regsuball(regsuball(
            digest.hmac_sha256_base64(table.lookup(media_token_keys, req.http.X-Media-Kid),
              "media-t1%0A" req.http.X-Media-Kid "%0A" req.http.X-Media-Scope "%0A" req.http.X-Media-Exp),
            "\+", "-"), "/", "_"), "=", ""))) {
      error 603;
    }
    if (std.atoi(req.http.X-Media-Exp) <= std.atoi(now.sec)) { error 603; }
    unset req.http.Cookie;
  }
}

sub vcl_hash {
  if (req.http.X-Media-Path) {
    # The exact cache key: the media path and the host, nothing of the token, query or cookies.
    set req.hash += req.http.host;
    set req.hash += req.http.X-Media-Path;
    return(hash);
  }
}

sub vcl_fetch {
  if (req.http.X-Media-Path && beresp.status == 200) {
    set beresp.ttl = 365d;
    # Two surrogate keys: `<slug>.<dir>` (one episode's directory, purged when it stops being
    # served) and `<slug>` (the whole drama, purged when it is unpublished). No `/` in a key: it
    # travels as one path segment of the purge API.
    set beresp.http.Surrogate-Key = regsub(req.http.X-Media-Scope, "^episodes/([^/]+)/([^/]+)$", "\1.\2 \1");
  } else if (req.http.X-Media-Path) {
    return(pass);
  }
}

sub vcl_error {
  if (obj.status == 603 || obj.status == 604) {
    set obj.status = if(obj.status == 603, 403, 404);
    set obj.http.Cache-Control = "no-store";
    return(deliver);
  }
}
