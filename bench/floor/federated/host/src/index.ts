// The async boundary, as the portal's host has it: every shared module is the host's own eager one,
// so the boundary costs no request.
void import(/* webpackMode: "eager" */ './bootstrap');
