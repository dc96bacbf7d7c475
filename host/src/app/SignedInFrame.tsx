// The frame of a signed-in state (the shell, or the sign-up layout), each from a chunk of its own:
// the signed-out landing page loads neither, nor the client data layer, and a visit loads only the
// frame of its state. Started at boot when the visit is signed in; rendered by how that load ended
// (started-load.ts), not by React.lazy, whose Suspense retry React would hold until 300 ms after the
// frame's empty fallback appeared.
import { createElement, type ComponentType } from 'react';
import { startLoad, useStartedLoad, type StartedLoad } from './started-load';

export type FrameName = 'ShellFrame' | 'SignUpFrame';

const frameModules: Record<FrameName, () => Promise<{ default: ComponentType }>> = {
  ShellFrame: () => import('./shell-frame'),
  SignUpFrame: () => import('./sign-up-frame'),
};
const frameLoads: Partial<Record<FrameName, StartedLoad<ComponentType>>> = {};

/** Starts loading a signed-in frame (once). */
export function startSignedInFrame(frame: FrameName): StartedLoad<ComponentType> {
  return (frameLoads[frame] ??= startLoad(() => frameModules[frame]().then((module) => module.default)));
}

/** Nothing until the frame has loaded, as before; a failed load is thrown to the route's error page. */
export function SignedInFrame({ frame }: { frame: FrameName }) {
  const Frame = useStartedLoad(startSignedInFrame(frame));
  return Frame ? createElement(Frame) : null;
}
