// The one call of fontkit (pdfkit's own font reader) the portal makes: parsing a font file once.
declare module 'fontkit' {
  /** A parsed font: handed to pdfkit, which reads it. */
  export interface Font {
    readonly postscriptName: string;
  }
  export function create(buffer: Uint8Array): unknown;
}
