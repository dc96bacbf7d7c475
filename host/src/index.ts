// The page's styles come with the main entry, in <head>: the landing page rendered into index.html
// (tools/rspack/static-landing.mjs) is drawn styled, before any other script loads.
import '@portal/shared/ui/ui.css';
import './app/host.css';

// The async boundary lets Module Federation negotiate shared modules before any app code runs.
void import('./bootstrap');
