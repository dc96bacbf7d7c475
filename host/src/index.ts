// The page's styles come with the main entry, in <head>: the landing page rendered into index.html
// (tools/rspack/static-landing.mjs) is drawn styled, before any other script loads.
import '@portal/shared/ui/ui.css';
import './app/host.css';

// The async boundary lets Module Federation negotiate shared modules before any app code runs. In
// this chunk ("eager"): every shared module the host runs is its own eager one in production
// (tools/rspack/shared-dependencies.mjs), so the boundary costs no request (a round trip
// after main ran on every first page). Evaluated in a task of its own (a timer), not in the one that
// ran main.js and set up the federation runtime: one long task less on the main thread (less
// blocking time on Home).
setTimeout(() => void import(/* webpackMode: "eager" */ './bootstrap'), 0);
