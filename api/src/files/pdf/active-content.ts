// Takes out of a PDF everything that acts rather than shows: JavaScript (document, name tree,
// form and annotation actions), actions run on opening or on events (/OpenAction, /AA), launching
// programs, submitting or importing data, embedded and associated files, XFA forms, and the
// annotations that play or attach things. What a reader sees on the page stays; an internal link
// (GoTo) and a web or mail link (URI with https, http or mailto) stay too. Objects nothing refers
// to any more are dropped, so the removed scripts are not left in the rewritten file.
import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, PDFString, PDFHexString } from 'pdf-lib';
import type { PDFContext, PDFDocument, PDFObject } from 'pdf-lib';

/** Keys whose value only ever acts: removed wherever they appear. */
const ACTIVE_KEYS = ['OpenAction', 'AA', 'JS', 'JavaScript', 'EmbeddedFiles', 'AF', 'XFA'];
/** Annotations that play media, run rich media or carry a file. */
const ACTIVE_ANNOTATIONS = new Set(['FileAttachment', 'Sound', 'Movie', 'Screen', 'RichMedia', '3D']);
const SAFE_URI = /^(https?:|mailto:)/i;

const name = (value: string) => PDFName.of(value);

function text(value: PDFObject | undefined): string {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : '';
}

/** An action a reader may follow: a jump inside the document, or a web or mail link. */
function harmlessAction(action: PDFObject | undefined, context: PDFContext): boolean {
  const dict = action instanceof PDFRef ? context.lookup(action) : action;
  if (!(dict instanceof PDFDict)) return false;
  const kind = dict.get(name('S'));
  if (kind === name('GoTo')) return true;
  return kind === name('URI') && SAFE_URI.test(text(context.lookup(dict.get(name('URI'))) ?? undefined).trim());
}

function activeAnnotation(value: PDFObject, context: PDFContext): boolean {
  const dict = value instanceof PDFRef ? context.lookup(value) : value;
  const subtype = dict instanceof PDFDict ? dict.get(name('Subtype')) : undefined;
  return subtype instanceof PDFName && ACTIVE_ANNOTATIONS.has(subtype.decodeText());
}

/** Cleans one dictionary, and those inside it (not those it refers to: each object is visited once on its own). */
function cleanDict(dict: PDFDict, context: PDFContext, removed: Set<string>): void {
  for (const key of ACTIVE_KEYS) {
    if (dict.has(name(key))) {
      dict.delete(name(key));
      removed.add(key);
    }
  }
  // An action kept may chain another (/Next): the chain goes (outline items' /Next is no action's).
  if (dict.get(name('S')) instanceof PDFName && dict.has(name('Next'))) {
    dict.delete(name('Next'));
    removed.add('Next');
  }
  const action = dict.get(name('A'));
  if (action !== undefined && !harmlessAction(action, context)) {
    dict.delete(name('A'));
    removed.add('A');
  }
  for (const [, value] of dict.entries()) cleanObject(value, context, removed);
}

function cleanObject(value: PDFObject, context: PDFContext, removed: Set<string>): void {
  if (value instanceof PDFStream) cleanDict(value.dict, context, removed);
  else if (value instanceof PDFDict) cleanDict(value, context, removed);
  else if (value instanceof PDFArray) {
    for (let index = value.size() - 1; index >= 0; index -= 1) {
      const item = value.get(index);
      if (activeAnnotation(item, context)) {
        value.remove(index);
        removed.add('annotation');
      } else cleanObject(item, context, removed);
    }
  }
}

/** The references inside an object (not following them). */
function refsIn(value: PDFObject | undefined, into: PDFRef[]): void {
  if (value instanceof PDFRef) into.push(value);
  else if (value instanceof PDFStream) refsIn(value.dict, into);
  else if (value instanceof PDFDict) for (const [, v] of value.entries()) refsIn(v, into);
  else if (value instanceof PDFArray) for (const v of value.asArray()) refsIn(v, into);
}

/** Deletes every object the document no longer reaches from its trailer (catalog and info). */
function dropUnreachable(context: PDFContext): void {
  const reached = new Set<PDFRef>();
  const pending: PDFRef[] = [];
  refsIn(context.trailerInfo.Root, pending);
  refsIn(context.trailerInfo.Info, pending);
  while (pending.length > 0) {
    const ref = pending.pop()!;
    if (reached.has(ref)) continue;
    reached.add(ref);
    refsIn(context.lookup(ref), pending);
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref);
}

/** Cleans the document in place; answers what kinds of active content it held ('OpenAction', 'JS', 'annotation', ...). */
export function removeActiveContent(doc: PDFDocument): string[] {
  const { context } = doc;
  const removed = new Set<string>();
  for (const [, object] of context.enumerateIndirectObjects()) cleanObject(object, context, removed);
  dropUnreachable(context);
  return [...removed].sort();
}
