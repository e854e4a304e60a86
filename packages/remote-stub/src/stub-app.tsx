import type { RemoteProps } from '@wayfarer/contracts';

/** The remote this build stands in for, set by the build (build-stub.ts, webpack's DefinePlugin). */
declare const __WF_STUB_REMOTE__: string | undefined;

export function stubName(): string {
  return typeof __WF_STUB_REMOTE__ === 'string' ? __WF_STUB_REMOTE__ : 'remote';
}

/** A contract-conforming ./App that only says it is a stub: nothing of the real remote is built or served. */
export default function StubApp({ basePath }: RemoteProps) {
  const name = stubName();
  return (
    <section className="wf-container wf-page" data-testid="remote-stub" data-remote={name}>
      <h1>{`${name} (stub)`}</h1>
      <p>
        {`A stub stands in for the ${name} remote here (mounted at ${basePath}): this run tests another remote alone.`}
      </p>
    </section>
  );
}

/** The shell awaits this before the first render; a stub has no pages to download. */
export function preloadRoute(_pathname: string): Promise<void> {
  return Promise.resolve();
}
