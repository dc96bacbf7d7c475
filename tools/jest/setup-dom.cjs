require('@testing-library/jest-dom');
// jsdom lacks these browser APIs that the portal's UI uses. (A test file may opt into the node
// environment with a docblock; then there is no window to complete.)
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent() {
      return false;
    },
  });
}
if (typeof window !== 'undefined' && !window.URL.createObjectURL) window.URL.createObjectURL = () => 'blob:test';
if (typeof window !== 'undefined' && !window.URL.revokeObjectURL) window.URL.revokeObjectURL = () => {};
