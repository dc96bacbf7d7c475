// The frame of a signed-in state (the shell, or the sign-up layout), from a chunk of its own: the
// signed-out landing page never loads it or the client data layer. Started at boot when the visit is
// signed in; rendered by how that load ended (started-load.ts), not by React.lazy, whose Suspense
// retry React would hold until 300 ms after the frame's empty fallback appeared.
import { createElement } from 'react';
import type * as SignedInFrames from './signed-in-frames';
import { startLoad, useStartedLoad, type StartedLoad } from './started-load';

type Frames = typeof SignedInFrames;
let framesLoad: StartedLoad<Frames> | undefined;

/** Starts loading the signed-in frames (once). */
export function startSignedInFrames(): StartedLoad<Frames> {
  framesLoad ??= startLoad(() => import('./signed-in-frames'));
  return framesLoad;
}

/** Nothing until the frames have loaded, as before; a failed load is thrown to the route's error page. */
export function SignedInFrame({ frame }: { frame: 'ShellFrame' | 'SignUpFrame' }) {
  const frames = useStartedLoad(startSignedInFrames());
  return frames ? createElement(frames[frame]) : null;
}
