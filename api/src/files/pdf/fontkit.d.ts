// The one call of fontkit (pdfkit's own font reader) the portal makes: parsing a font file once.
declare module 'fontkit' {
  export function create(buffer: Uint8Array): unknown;
}
