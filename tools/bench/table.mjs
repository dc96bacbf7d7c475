export function writeTable() {
  return '';
}
