/**
 * A minimal XML writer: elements, attributes in the order given, and text escaped on the way
 * out — values never reach the document unescaped (no string concatenation of raw values).
 */
export interface XmlElement {
  name: string;
  attributes: [string, string][];
  children: XmlElement[];
}

/** Attribute values with undefined left out, in the order written (SAT's order, for humans). */
export function element(
  name: string,
  attributes: Record<string, string | number | undefined> = {},
  children: XmlElement[] = [],
): XmlElement {
  return {
    name,
    attributes: Object.entries(attributes)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([key, value]) => [key, String(value)]),
    children,
  };
}

const NAME = /^[\p{L}_][\p{L}\p{N}_.-]*(?::[\p{L}_][\p{L}\p{N}_.-]*)?$/u;

/** Escapes an attribute value: markup characters and the whitespace XML would normalize away. */
export function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function render(node: XmlElement, out: string[]) {
  if (!NAME.test(node.name)) throw new Error(`invalid XML name: ${node.name}`);
  out.push('<', node.name);
  for (const [key, value] of node.attributes) {
    if (!NAME.test(key)) throw new Error(`invalid XML attribute name: ${key}`);
    // Characters XML 1.0 forbids would make the document unreadable: refuse them.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(value)) {
      throw new Error(`invalid XML character in ${key}`);
    }
    out.push(' ', key, '="', escapeAttribute(value), '"');
  }
  if (node.children.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of node.children) render(child, out);
  out.push('</', node.name, '>');
}

/** The document with its UTF-8 declaration. */
export function toXml(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  render(root, out);
  return out.join('');
}
