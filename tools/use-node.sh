# Puts the Node.js the repository targets (.nvmrc) first on PATH, installing it from the npm registry
# (the node-linux-<arch> package carries the official binary and headers) when the machine's Node is
# older. Source it: `source tools/use-node.sh`. Native addons then build against that Node's headers.
_portal_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_portal_want="$(tr -d '[:space:]' < "$_portal_root/.nvmrc")"
_portal_older() { # is the node on PATH older than $1?
  command -v node >/dev/null 2>&1 || return 0
  node -e 'const [a, b] = [process.versions.node, process.argv[1]].map((v) => v.split(".").map(Number));
    process.exit((a[0] - b[0] || a[1] - b[1] || a[2] - b[2]) < 0 ? 0 : 1)' "$1"
}
if _portal_older "$_portal_want"; then
  case "$(uname -m)" in x86_64) _portal_arch=x64 ;; aarch64) _portal_arch=arm64 ;; *) _portal_arch="$(uname -m)" ;; esac
  _portal_dir="${PORTAL_NODE_CACHE:-$HOME/.cache/portal-node}/$_portal_want"
  _portal_pkg="$_portal_dir/node_modules/node-linux-$_portal_arch"
  if [ ! -x "$_portal_pkg/bin/node" ]; then
    echo "use-node: installing Node.js $_portal_want from the npm registry into $_portal_dir"
    npm install --prefix "$_portal_dir" --no-save --no-package-lock --no-audit --no-fund "node-linux-$_portal_arch@$_portal_want" >/dev/null
  fi
  export PATH="$_portal_pkg/bin:$PATH"
fi
# node-gyp cannot download headers here: build native addons against the running Node's own.
npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")"
export npm_config_nodedir
unset -f _portal_older
unset _portal_root _portal_want _portal_arch _portal_dir _portal_pkg
