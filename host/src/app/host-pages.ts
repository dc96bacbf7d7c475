// The host's own pages that no signed-in first visit to Home shows: the landing page the app draws
// (signed out with a token parameter, offline, a redirect home) and the support pages. One chunk of
// their own (HostPage.tsx), out of main.js, which Home's LCP waits for (fewer bytes on Home).
export { LandingPage } from '../pages/LandingPage';
export { SupportPage } from '../support/SupportPage';
export { FaqsPage } from '../support/FaqsPage';
export { ContactDetailsPage } from '../support/ContactDetailsPage';
