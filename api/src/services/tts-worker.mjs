// Worker thread for the offline speech engine (espeak-ng compiled to WebAssembly, GPL-3.0-or-later, used as an
// unmodified separate program through its CLI entry point) and the MP3 encoder (LAME compiled to WebAssembly,
// wasm-media-encoders: MIT, LAME itself LGPL, used unmodified as a library). Rendering and encoding are synchronous, so they
// run here instead of blocking the API's event loop. Plain JavaScript so it loads the same under tsx, node and jest.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';
import { createMp3Encoder } from 'wasm-media-encoders';

const require = createRequire(import.meta.url);
const wasmFile = path.join(path.dirname(require.resolve('espeak-ng')), 'espeak-ng.wasm');
// Compiled once. The CLI's main() runs once per instance (a second run in the same instance writes nothing), so
// each render takes a fresh instance. Instantiating (the runtime and the voice data embedded in the module) costs
// more than speaking a station (about 100-230 against 65-90 ms here), so the next instance is made ahead, right
// after a render and when the thread starts: a station, the first one of a guide above all, waits only for main().
let compiled;
let spare = null;

/** An initialised instance whose main() has not run yet, with the raw exports to pass it arguments. */
async function instantiate() {
  compiled ??= WebAssembly.compile(fs.readFileSync(wasmFile));
  const mod = await compiled;
  const errors = [];
  let exports;
  const instance = await ESpeakNg({
    noInitialRun: true,
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(mod, imports).then((inst) => {
        exports = inst.exports;
        done(inst, mod);
      });
      return {};
    },
    print: () => {},
    printErr: (line) => errors.push(line),
  });
  return { instance, exports, errors };
}

/** The spare instance (made now if there is none), and the next one made once the caller's turn is over. */
async function takeInstance() {
  const next = spare ?? instantiate();
  spare = null;
  return next;
}
function prepareSpare() {
  spare ??= instantiate();
  // A failed spare is forgotten, so the next render makes its own and reports the error.
  spare.catch(() => (spare = null));
}

/** main(argc, argv) of the CLI, the arguments written into the instance's memory as C strings. */
function runMain({ instance, exports }, args) {
  const argv = ['espeak-ng', ...args];
  const utf8 = new TextEncoder();
  const pointers = argv.map((arg) => {
    const bytes = utf8.encode(`${arg}\0`);
    const at = exports.malloc(bytes.length);
    new Uint8Array(exports.memory.buffer).set(bytes, at);
    return at;
  });
  const table = exports.malloc(4 * (argv.length + 1));
  const view = new Uint32Array(exports.memory.buffer, table, argv.length + 1);
  pointers.forEach((at, i) => (view[i] = at));
  view[argv.length] = 0;
  try {
    return instance._main(argv.length, table);
  } catch (err) {
    // exit(n) inside the program arrives as an ExitStatus throw.
    if (err && typeof err === 'object' && 'status' in err) return err.status;
    throw err;
  }
}

async function renderWav({ text, voice, wpm }) {
  const engine = await takeInstance();
  try {
    runMain(engine, ['-m', '-v', voice, '-s', String(wpm), '-w', '/out.wav', text]);
    try {
      return engine.instance.FS.readFile('/out.wav');
    } catch {
      throw new Error(
        `espeak-ng produced no audio${engine.errors.length ? `: ${engine.errors.join(' ')}` : ''}`,
      );
    }
  } finally {
    // After this job's answer is posted (the message handler runs first), not before.
    setImmediate(prepareSpare);
  }
}

/** The 16-bit PCM samples of a RIFF/WAVE file (first channel) and its sample rate. */
function pcmOf(wav) {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (o) => String.fromCharCode(wav[o], wav[o + 1], wav[o + 2], wav[o + 3]);
  if (wav.length < 44 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE')
    throw new Error('espeak-ng did not produce a WAV file');
  let off = 12;
  let fmt = null;
  while (off + 8 <= wav.length) {
    const size = view.getUint32(off + 4, true);
    const body = off + 8;
    if (tag(off) === 'fmt ') {
      fmt = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (tag(off) === 'data' && fmt) {
      if (fmt.bits !== 16) throw new Error(`unsupported WAV: ${fmt.bits}-bit samples`);
      const frames = Math.floor(Math.min(size, wav.length - body) / (2 * fmt.channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = view.getInt16(body + i * 2 * fmt.channels, true);
      return { samples, sampleRate: fmt.sampleRate };
    }
    off = body + size + (size % 2);
  }
  throw new Error('WAV file has no fmt/data chunk');
}

/**
 * Constant-bitrate mono MP3 of the PCM, without ID3 or Xing tags: the file is a plain run of frames. LAME itself,
 * compiled to WebAssembly (wasm-media-encoders): 6-10x less CPU than LAME ported to JavaScript (45-60 against
 * 300-590 ms for 15 s of speech), and the same frames. One encoder, reconfigured for each file.
 */
let mp3Encoder;
async function encodeMp3({ samples, sampleRate }, kbps) {
  mp3Encoder ??= createMp3Encoder();
  const encoder = await mp3Encoder;
  encoder.configure({ sampleRate, channels: 1, bitrate: kbps });
  const pcm = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = samples[i] / 32768;
  // Both answers are views of the encoder's memory, valid until its next call: copy each at once.
  const body = encoder.encode([pcm]).slice();
  const tail = encoder.finalize();
  const out = new Uint8Array(body.length + tail.length);
  out.set(body);
  out.set(tail, body.length);
  return out;
}

/** Mono 16-bit PCM as a RIFF/WAVE file. */
function wavOf({ samples, sampleRate }) {
  const out = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(out.buffer);
  const text = (o, t) => [...t].forEach((c, i) => (out[o + i] = c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i], true);
  return out;
}

async function render(job) {
  // Encoding only (a hosted voice's PCM, already joined): mono 16-bit samples in, the WAV and the MP3 out.
  if (job.pcm) {
    const pcm = { samples: job.pcm, sampleRate: job.sampleRate };
    return { wav: wavOf(pcm), mp3: await encodeMp3(pcm, job.kbps) };
  }
  const wav = await renderWav(job);
  if (!job.kbps) return { wav };
  return { wav, mp3: await encodeMp3(pcmOf(wav), job.kbps) };
}

prepareSpare();

parentPort.on('message', (job) => {
  render(job).then(
    (out) =>
      parentPort.postMessage({ id: job.id, ...out }, [out.wav.buffer, ...(out.mp3 ? [out.mp3.buffer] : [])]),
    (err) => parentPort.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
