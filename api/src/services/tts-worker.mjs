// Worker thread for the offline speech engine (espeak-ng compiled to WebAssembly, GPL-3.0-or-later, used as an
// unmodified separate program through its CLI entry point). Rendering is synchronous WebAssembly, so it runs here
// instead of blocking the API's event loop. Plain JavaScript so it loads the same under tsx, node and jest.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

const require = createRequire(import.meta.url);
const wasmFile = path.join(path.dirname(require.resolve('espeak-ng')), 'espeak-ng.wasm');
// Compiled once; each render instantiates it afresh because the CLI's main() runs once per instance.
let compiled;

async function render({ text, voice, wpm }) {
  compiled ??= WebAssembly.compile(fs.readFileSync(wasmFile));
  const mod = await compiled;
  const errors = [];
  const instance = await ESpeakNg({
    arguments: ['-m', '-v', voice, '-s', String(wpm), '-w', '/out.wav', text],
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(mod, imports).then((inst) => done(inst, mod));
      return {};
    },
    print: () => {},
    printErr: (line) => errors.push(line),
  });
  let wav;
  try {
    wav = instance.FS.readFile('/out.wav');
  } catch {
    throw new Error(`espeak-ng produced no audio${errors.length ? `: ${errors.join(' ')}` : ''}`);
  }
  return wav;
}

parentPort.on('message', (job) => {
  render(job).then(
    (wav) => parentPort.postMessage({ id: job.id, wav }, [wav.buffer]),
    (err) => parentPort.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
