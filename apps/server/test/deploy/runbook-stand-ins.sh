# Sourced by runbook.test.ts before each of docs/operations.md's commands: what a test machine
# cannot do, done here the same way. RUN is the test's folder (the environment file, the
# releases, each process's pid and log), ROOT this checkout, PORTS the processes' ports.
set -eo pipefail

useradd() { :; }

# install(1) without the owner and group, which need the service's user.
install() {
  local args=() skip=
  for arg in "$@"; do
    if [ -n "$skip" ]; then skip=; continue; fi
    case "$arg" in -o | -g) skip=1 ;; *) args+=("$arg") ;; esac
  done
  command install "${args[@]}"
}

sudo() {
  if [ "$1" = -u ]; then shift 2; fi
  "$@"
}

# The release is this checkout, with its packages installed already.
git() { [ "$1" = clone ] && ln -sfn "$ROOT" "${@: -1}"; }
npm() {
  if [ "$1" = ci ]; then echo "npm ci: the packages of this checkout"; else command npm "$@"; fi
}

# ruthless@<port>.service: the compiled server of the current release with the environment file
# (EnvironmentFile=, Environment=PORT=%i HOST=127.0.0.1, ExecStart=), stopped with SIGTERM.
start_process() {
  (cd "$RUN/srv/current" && set -a && . "$RUN/ruthless.env" && set +a &&
    PORT="$1" HOST=127.0.0.1 exec /usr/bin/node --enable-source-maps apps/server/dist/main.js \
      >>"$RUN/$1.log" 2>&1) &
  echo $! >"$RUN/$1.pid"
}
stop_process() {
  local pid
  pid=$(cat "$RUN/$1.pid" 2>/dev/null) || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
}

systemctl() {
  case "$1 $2" in
    "restart ruthless-migrate")
      (cd "$RUN/srv/current" && set -a && . "$RUN/ruthless.env" && set +a && npm run migrate)
      ;;
    "restart ruthless@"*)
      stop_process "${2#ruthless@}"
      start_process "${2#ruthless@}"
      ;;
    "enable --now") for port in $PORTS; do start_process "$port"; done ;;
    *)
      echo "systemctl $*: not stood in for" >&2
      return 1
      ;;
  esac
}
