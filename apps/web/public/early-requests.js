/*
 * Home's first requests, started while the app's code downloads (index.html loads this file async).
 * Without it they wait for the code to arrive and run (about 2 s on a slow phone connection), and
 * home waits for them to render. It sends exactly the requests the app will make (src/lib/api.ts:
 * same method, path, body and headers) and leaves their answers in `window.__nidoEarly`; the app
 * takes a matching answer once, within a few seconds, and otherwise sends its own request.
 * A plain script, no build step: it must run before the app's chunks have arrived.
 */
(() => {
  // The app discards early requests once its first screen has loaded (null): too late for them.
  if (location.pathname !== '/' || window.__nidoEarly !== undefined) return;
  let token;
  let user;
  let selected;
  try {
    token = sessionStorage.getItem('token');
    user = JSON.parse(sessionStorage.getItem('user') || 'null');
    selected = JSON.parse(sessionStorage.getItem('selectedCliente') || 'null');
  } catch {
    return;
  }
  if (!token || !user) return;
  // As src/lib/i18n.ts initialLanguage and src/lib/session.ts activeClienteId do for a stored user.
  const language = user.language === 'en' ? 'en' : 'es';
  const acting = (user.role === 'Admin' || user.role === 'Representante') && selected?.id;
  const clienteId = acting ? selected.id : user.cliente_id;
  const headers = {
    Accept: 'application/json',
    'Accept-Language': language,
    Authorization: `Bearer ${token}`,
  };
  const early = { started: Date.now(), requests: {} };
  const send = (method, path, body) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const init = { method, headers: { ...headers }, body: text };
    if (text !== undefined) init.headers['Content-Type'] = 'application/json';
    const answer = fetch(`/api/${path}`, init);
    answer.catch(() => {}); // a failure nobody takes is not an unhandled rejection
    early.requests[[method, `/api/${path}`, text ?? '', headers.Authorization, language].join(' ')] = answer;
  };
  send('GET', 'me');
  if (clienteId > 0) {
    send('POST', 'modelo/lastPurchased', { cliente_id: clienteId });
    send('POST', 'pedidos/cliente', { cliente_id: clienteId });
  }
  window.__nidoEarly = early;
})();
