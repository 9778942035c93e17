// Talking to the studio's server: JSON in, JSON out (docs/studio.md documents the API).

/** POSTs `body` as JSON (or GETs when there is none); answers {ok, status, data}. */
export async function api(path, body, signal) {
  const init = body === undefined ? { signal } : {
    method: 'POST', signal,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (_) { data = { error: `HTTP ${res.status}` }; }
  return { ok: res.ok, status: res.status, data };
}

/** The element with this id. */
export const $ = (id) => document.getElementById(id);
