// Express middleware of server.mjs that decides which requests reach the app (kept apart so tests can call it).

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests whose Origin (or, lacking it, Referer) is not this site. The whole origin is
 * compared, scheme included: http://host is another site to https://host.
 */
export function sameOriginOnly(req, res, next) {
  if (SAFE_METHODS.has(req.method)) return next();
  const host = req.get("X-Forwarded-Host") && req.app.get("trust proxy") ? req.get("X-Forwarded-Host") : req.get("Host");
  const source = req.get("Origin") ?? req.get("Referer");
  let sourceOrigin = null;
  try {
    sourceOrigin = source && source !== "null" ? new URL(source).origin : null;
  } catch {
    sourceOrigin = null;
  }
  if (!sourceOrigin || !host || sourceOrigin !== `${req.protocol}://${host}`) {
    res.status(403).type("text/plain").send("This request came from another site and was refused.");
    return;
  }
  next();
}

/** On a site served over HTTPS (PUBLIC_URL on https), browsers are told to use only HTTPS for a year. */
export function strictTransportSecurity(_req, res, next) {
  res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
}
