// What the pages' scripts share, for TypeScript's checker (make vet; nothing
// here reaches a page). A check page is two classic scripts in one global
// scope (web/build, base.html): loader.js + blob.js, then
//   links.js + values.js + common.js + offline.js + kept.js + [audit-core.js] + <page>.js
// where <page> is check, dice, shoe, games or audit (audit-core.js on the
// audit page only). Their top-level functions and constants are the globals
// the page scripts use; tsconfig.json checks them as one program, so a name
// defined twice is an error. What none of them defines is declared here:
// the Go runtime (wasm_exec.js, put in every page by the build) and the
// verifier's API (the wasm; wasm/API.md). sw.js is a service worker, checked
// on its own (tsconfig.sw.json).

// wasm_exec.js: runs a Go program compiled to WebAssembly.
declare var Go: { new (): GoProgram };
interface GoProgram {
  env: Record<string, string>;
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

// The verifier's global object, once its main has run (wasm/API.md,
// wasm/main.go). Its calls take any argument: one of the wrong kind is
// answered with errors, never thrown.
declare var pfcheck: PfCheck;

// A record: a plain object with a scheme and that scheme's fields.
type PfRecord = { scheme: string; [field: string]: any };
// A problem found in an argument or a record: categories, not prose.
type PfProblem = { field: string; code: string; at?: number; token?: string };
// What check returns: status is match, mismatch, computed, invalid or
// unsupported; each scheme adds its own fields.
type PfResult = {
  scheme: string;
  status: 'match' | 'mismatch' | 'computed' | 'invalid' | 'unsupported';
  commitment: { computed: string; given?: string; matches: boolean };
  errors: PfProblem[];
  mismatches: { index: number; computed: any; recorded: any }[];
  [field: string]: any;
};

interface PfCheck {
  version: string;
  selfTest(files: unknown): { passed: number; failed: string[]; differences: string[] };
  // Only in the verifier with every scheme (web/node/conformance.mjs).
  conformance(files: unknown): {
    refused?: string;
    files?: { path: string; scheme: string; cases: { name: string; failure: string }[] }[];
  };
  parseLink(fragment: unknown, format?: unknown): { record?: PfRecord; errors?: PfProblem[] };
  formatLink(record: unknown): string;
  parseRolls(text: unknown): { rolls?: string[]; errors?: PfProblem[] };
  parseCards(text: unknown): { cards?: string[]; errors?: PfProblem[] };
  reach(distance: unknown): { distance?: number; rolls?: string[]; count?: number; errors?: PfProblem[] };
  openingRolls(): { rolls?: string[]; count?: number; errors?: PfProblem[] };
  check(record?: unknown): PfResult;
  audit(text: unknown, options?: unknown): any;
  rollStats(counts?: unknown): any;
}

// Baseline 2025; loader.js falls back to atob where it is missing.
interface Uint8ArrayConstructor {
  fromBase64?(base64: string): Uint8Array<ArrayBuffer>;
}

// The scripts query HTML elements only (of the audit's <svg> chart they
// only replace the children): a query by selector gives an HTMLElement, by
// tag name that tag's element, as the DOM's own declarations do.
interface ParentNode {
  querySelector<K extends keyof HTMLElementTagNameMap>(selectors: K): HTMLElementTagNameMap[K] | null;
  querySelector<E extends HTMLElement = HTMLElement>(selectors: string): E | null;
  querySelectorAll<K extends keyof HTMLElementTagNameMap>(selectors: K): NodeListOf<HTMLElementTagNameMap[K]>;
  querySelectorAll<E extends HTMLElement = HTMLElement>(selectors: string): NodeListOf<E>;
}
interface Element {
  closest<K extends keyof HTMLElementTagNameMap>(selector: K): HTMLElementTagNameMap[K] | null;
  closest<E extends HTMLElement = HTMLElement>(selectors: string): E | null;
}

// The elements the scripts find by id whose kind they rely on, as the
// templates (web/templates) make them.
interface PageElements {
  inputs: HTMLDetailsElement;
  'audit-form': HTMLFormElement;
  'check-form': FieldsForm;
  'dice-form': FieldsForm;
  'fetch-form': HTMLFormElement;
  'games-form': HTMLFormElement;
  'shoe-form': FieldsForm<{ mode: RadioNodeList }>;
  what: HTMLSelectElement;
  'paste-record': HTMLTextAreaElement;
  proofId: HTMLInputElement;
}
// A form whose fields the script reads by name (form.elements[name]): each
// is an <input> or a <textarea> (only what both have is used), but those
// named in Named.
type FieldsForm<Named = {}> = HTMLFormElement & {
  elements: HTMLFormControlsCollection & { [name: string]: HTMLInputElement } & Named;
};
interface Document {
  getElementById<K extends keyof PageElements>(elementId: K): PageElements[K] | null;
}

// Trusted Types (web.CSP: require-trusted-types-for), which TypeScript's DOM
// lib does not declare, where the engine has them: a script URL its policy
// makes stands where the URL string would (new Worker, serviceWorker.register),
// and a script text where the text would (HTMLScriptElement.text), so each
// is typed as the string.
interface PfCheckPolicyRules {
  createScriptURL(url: string): string;
  createScript(text: string): string;
}
declare var trustedTypes:
  | { createPolicy(name: string, rules: PfCheckPolicyRules): PfCheckPolicyRules }
  | undefined;
