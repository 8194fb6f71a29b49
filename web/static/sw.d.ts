// sw.js runs in a service worker's global scope (lib "webworker" declares a
// worker's): the names it uses bare, for TypeScript's checker (make vet).
declare var registration: ServiceWorkerRegistration;
declare var clients: Clients;
declare function skipWaiting(): Promise<void>;
declare function addEventListener<K extends keyof ServiceWorkerGlobalScopeEventMap>(
  type: K, listener: (this: ServiceWorkerGlobalScope, event: ServiceWorkerGlobalScopeEventMap[K]) => unknown): void;
