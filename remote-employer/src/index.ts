// The async boundary lets Module Federation negotiate shared modules before any app code runs.
void import('./bootstrap');
