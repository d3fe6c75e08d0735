// The browser page: four parts in tabs (index.html) — a hash batch, a program, an aggregate
// verified, signatures aggregated — each proving in a worker (worker.ts). WebGPU's adapter is
// asked for once; without one each part defaults to the TypeScript backend and the page says why.
import { requestBrowserAdapter } from './gpu';
import { initAggregatePart } from './aggregate-part';
import { initHashPart } from './hash-part';
import { initProgramPart } from './program-part';
import { initVerifyPart } from './verify-part';

/** Shows the tab's section and hides the others. */
function showTab(tab: HTMLButtonElement): void {
  for (const other of Array.from(document.querySelectorAll<HTMLButtonElement>('nav button[data-part]'))) {
    other.setAttribute('aria-selected', String(other === tab));
    document.getElementById(other.dataset.part!)!.hidden = other !== tab;
  }
}

// Every part's backend choice: webgpu, or the TypeScript backend.
for (const select of Array.from(document.querySelectorAll<HTMLSelectElement>('select.backend'))) {
  select.add(new Option('webgpu', 'webgpu', true, true));
  select.add(new Option('cpu (TypeScript)', 'cpu'));
}

for (const tab of Array.from(document.querySelectorAll<HTMLButtonElement>('nav button[data-part]'))) tab.addEventListener('click', () => showTab(tab));

initVerifyPart();
// Say at once when WebGPU is missing; the worker still checks for itself when it proves.
requestBrowserAdapter().then((adapter) => {
  const webgpu = !('unavailable' in adapter);
  initProgramPart(webgpu);
  initAggregatePart(webgpu);
  initHashPart(adapter);
});
