/**
 * One part of an .xlsx through saxes, a streaming XML parser: handlers see each element's local
 * name (the prefix dropped: some writers use 'x:c'), its attributes, and the text inside. No
 * regular expression ever runs over a part: saxes reads each character once.
 */
import { SaxesParser } from 'saxes';
import type { WorkbookZip } from './xlsx-zip.js';

export interface XmlHandlers {
  open: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  /** Character data, entities already decoded (once, by the parser). */
  text?: (text: string) => void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name, whatever its prefix ('r:id', 'ns1:id'); prefixed ones only when `prefixed`. */
export function attribute(attributes: Record<string, string>, name: string, prefixed = false): string | undefined {
  if (!prefixed) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (key.includes(':') && localName(key) === name) return value;
  return undefined;
}

/**
 * Feeds the part to the handlers; resolves when it is read through and well formed, or as soon as
 * `done()` says the caller has what it wanted.
 */
export async function readXmlPart(zip: WorkbookZip, part: string, handlers: XmlHandlers, done: () => boolean = () => false): Promise<void> {
  const parser = xmlParser(handlers);
  for await (const chunk of zip.text(part)) {
    parser.write(chunk);
    if (done()) return;
  }
  parser.close();
}

/** A saxes parser wired to the handlers; it throws on the first well-formedness error. */
export function xmlParser(handlers: XmlHandlers): SaxesParser {
  const parser = new SaxesParser<{ position: false; xmlns: false }>({ position: false, xmlns: false });
  const { open, close, text } = handlers;
  parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes));
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  // No workbook part has a DOCTYPE: refusing it keeps entity declarations out altogether.
  parser.on('doctype', () => {
    throw new Error('DOCTYPE in a workbook part');
  });
  parser.on('error', (error) => {
    throw error;
  });
  return parser;
}
