// Stands in for axios's fetch adapter (axios/lib/adapters/fetch.js) in the browser bundles. Axios
// tries its adapters in the order ['xhr', 'http', 'fetch'] and every browser the portal supports has
// XMLHttpRequest, so the fetch adapter (with its stream, progress and multipart helpers, ~3 KB gzip
// on Home) is never chosen. Asked for anyway, axios reports it "not available in the build".
export const getFetch = () => undefined;
export default undefined;
