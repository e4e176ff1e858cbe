import { describe, expect, it } from 'vitest';
import { attachmentFileName, detectDocumentType } from './chat-attachment.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectDocumentType', () => {
  it('reads a PDF by its signature, whatever the name says', () => {
    expect(detectDocumentType(bytes('%PDF-1.7\n...'), 'foto.jpg')).toEqual({ contentType: 'application/pdf', extension: 'pdf' });
  });

  it('tells Word, Excel and PowerPoint zips apart by their parts, and refuses any other zip', () => {
    const zip = (entry: string) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes(`[Content_Types].xml ${entry}document.xml`)]);
    expect(detectDocumentType(zip('word/'), 'a.zip')?.extension).toBe('docx');
    expect(detectDocumentType(zip('xl/'), 'a')?.extension).toBe('xlsx');
    expect(detectDocumentType(zip('ppt/'), 'a')?.extension).toBe('pptx');
    expect(detectDocumentType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes('virus.exe')]), 'a.docx')).toBeNull();
  });

  it('reads CSV and text only when the bytes are clean UTF-8 text', () => {
    expect(detectDocumentType(bytes('nombre;email\nAna;ana@x.es'), 'leads.csv')).toEqual({ contentType: 'text/csv', extension: 'csv' });
    expect(detectDocumentType(bytes('notas de la reunión'), 'notas.txt')).toEqual({ contentType: 'text/plain', extension: 'txt' });
    expect(detectDocumentType(new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'leads.csv')).toBeNull();
    expect(detectDocumentType(new Uint8Array([0xff, 0xfe, 0x41]), 'a.txt')).toBeNull();
    expect(detectDocumentType(new Uint8Array(), 'a.txt')).toBeNull();
  });
});

describe('attachmentFileName', () => {
  it('keeps the name, drops paths and odd characters, and ends in the detected extension', () => {
    expect(attachmentFileName('Propuesta Clínica.pdf', 'pdf')).toBe('Propuesta Clínica.pdf');
    expect(attachmentFileName('..\\..\\evil<script>.html', 'txt')).toBe('evilscript.txt');
    expect(attachmentFileName('', 'csv')).toBe('archivo.csv');
  });
});
