#!/usr/bin/env bash
# npm run images: builds the console image (Dockerfile) and the Braket job image (apps/braket-job/Dockerfile) with
# podman, on a Debian trixie base made with mmdebstrap (no container registry needed), then smoke-tests both by
# entering their root file systems with podman mount + chroot: this sandbox refuses `podman run`.
#
# Settings: IMAGES_TAG (default dev), IMAGES_BASE (default localhost/debian-node:trixie, built here when missing;
# e.g. node:20-slim where a registry is reachable), IMAGES_CACHE_DIR (default /var/tmp/hivqe-images: the base
# tarball and the smoke tests' logs), IMAGES_CA_FILE (the CA bundle npm trusts inside the build).
set -euo pipefail
cd "$(dirname "$0")/.."

TAG=${IMAGES_TAG:-dev}
LOCAL_BASE=localhost/debian-node:trixie
BASE=${IMAGES_BASE:-$LOCAL_BASE}
CACHE_DIR=${IMAGES_CACHE_DIR:-/var/tmp/hivqe-images}
CA_FILE=${IMAGES_CA_FILE:-/etc/ssl/certs/ca-certificates.crt}
CONSOLE_IMAGE=localhost/hivqe-console:$TAG
JOB_IMAGE=localhost/hivqe-braket-job:$TAG
TSX=node_modules/.bin/tsx

mkdir -p "$CACHE_DIR"
WORK=$(mktemp -d)
figures=()
mounts=()
containers=()
pids=()

log() { printf '\n=== %s\n' "$*"; }
fail() {
  printf 'FAILED: %s\n' "$*" >&2
  exit 1
}
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f s", b - a }'; }
figure() { figures+=("$1: $2"); }

cleanup() {
  local i
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount "${mounts[i]}" 2>/dev/null || umount -l "${mounts[i]}" || true; done
  for ctr in "${containers[@]}"; do
    podman umount "$ctr" >/dev/null 2>&1 || true
    podman rm -f -v "$ctr" >/dev/null 2>&1 || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

# --- tools ---------------------------------------------------------------------------------------------------
missing=()
for tool in podman mmdebstrap curl; do command -v "$tool" >/dev/null || missing+=("$tool"); done
# The Braket stand-in checks every request against botocore's service models.
[[ -d /usr/lib/python3/dist-packages/botocore/data ]] || missing+=(python3-botocore)
if ((${#missing[@]})); then
  log "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# The sandbox refuses the OCI runtime's rlimits.
printf '[containers]\ndefault_ulimits = []\n' >"$CACHE_DIR/containers.conf"
export CONTAINERS_CONF=$CACHE_DIR/containers.conf

# --- base image: Debian trixie's Node 20 (bookworm's is 18) ------------------------------------------------
if [[ $BASE == "$LOCAL_BASE" ]] && ! podman image exists "$BASE"; then
  log "base image $BASE (mmdebstrap, a few minutes)"
  started=$EPOCHREALTIME
  tarball=$CACHE_DIR/debian-node-trixie.tar
  if [[ ! -s $tarball ]]; then
    # mmdebstrap picks the output's format from its name, so the partial file ends in .tar too.
    mmdebstrap --variant=minbase --include=nodejs,npm,ca-certificates trixie "${tarball%.tar}.partial.tar"
    mv "${tarball%.tar}.partial.tar" "$tarball"
  fi
  podman import "$tarball" "$BASE" >/dev/null
  figure "base image (mmdebstrap + import)" "$(since "$started")"
fi

# --- builds --------------------------------------------------------------------------------------------------
build() { # name image dockerfile
  local name=$1
  shift
  local args=(--isolation=chroot --format docker --build-arg "BASE=$BASE" -t "$1" -f "$2")
  # npm inside the build reaches the registry through this machine's certificate authority.
  [[ -s $CA_FILE ]] && args+=(-v "$CA_FILE:/host-ca.crt:ro" --build-arg npm_config_cafile=/host-ca.crt)
  log "building $1 from $2"
  local started=$EPOCHREALTIME
  podman build "${args[@]}" . >"$CACHE_DIR/build-$name.log" 2>&1 || fail "build of $1; see $CACHE_DIR/build-$name.log"
  figure "build $1" "$(since "$started")"
  figure "size $1" "$(podman image inspect "$1" --format '{{.Size}}' | awk '{ printf "%.0f MB", $1 / 1e6 }')"
}
build console "$CONSOLE_IMAGE" Dockerfile
build braket-job "$JOB_IMAGE" apps/braket-job/Dockerfile

# --- entering an image -----------------------------------------------------------------------------------------
# Sets mnt to the root file system of a new container of the image, with /proc and /dev mounted.
enter() {
  local ctr
  ctr=$(podman create "$1")
  containers+=("$ctr")
  mnt=$(podman mount "$ctr")
  mount -t proc proc "$mnt/proc" && mounts+=("$mnt/proc")
  mount --bind /dev "$mnt/dev" && mounts+=("$mnt/dev")
}

# Prints a field of the image's configuration (Env, Cmd, Entrypoint, User, WorkingDir, Healthcheck.Test) one
# item per NUL-terminated line.
image_config() { # image field
  podman image inspect "$1" | node -e '
    const [image] = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
    const config = { ...image.Config, Healthcheck: image.Healthcheck };
    const value = process.argv[1].split(".").reduce((v, key) => v?.[key], config);
    for (const item of [value ?? []].flat()) process.stdout.write(`${item}\0`);
  ' "$2"
}

# Sets run_cmd to the command that runs argv inside the root file system as the image would: its user, working
# directory and environment (plus the assignments given), with a clean environment otherwise. Each step execs the
# next, so the process started is the program itself (its PID is the program's).
command_in_image() { # image mnt "VAR=value…" -- argv…
  local image=$1 root=$2 user workdir uid gid env=()
  shift 2
  mapfile -d '' env < <(image_config "$image" Env)
  while [[ $1 != -- ]]; do env+=("$1") && shift; done
  shift
  user=$(image_config "$image" User | tr -d '\0')
  workdir=$(image_config "$image" WorkingDir | tr -d '\0')
  uid=$(chroot "$root" id -u "${user:-root}")
  gid=$(chroot "$root" id -g "${user:-root}")
  run_cmd=(chroot --userspec="$uid:$gid" --groups="$gid" "$root" /usr/bin/env -i "${env[@]}"
    sh -c 'cd "${0:-/}" && exec "$@"' "$workdir" "$@")
}

free_port() { node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

# Waits for the URL to answer 2xx while the process lives; prints the body.
wait_http() { # url pid seconds
  local deadline=$((SECONDS + $3))
  until curl -fsS --max-time 2 "$1" 2>/dev/null; do
    kill -0 "$2" 2>/dev/null || return 1
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

# --- console smoke test ------------------------------------------------------------------------------------------
log "smoke test: $CONSOLE_IMAGE answers /api/v1/health"
enter "$CONSOLE_IMAGE"
console_root=$mnt
user=$(image_config "$CONSOLE_IMAGE" User | tr -d '\0')
[[ -n $user && $user != root ]] || fail "the console image runs as root"
chroot "$console_root" id "$user"
port=$(free_port)
console_log=$CACHE_DIR/smoke-console.log
mapfile -d '' cmd < <(image_config "$CONSOLE_IMAGE" Cmd)
started=$EPOCHREALTIME
# HOST: the chroot shares this machine's network, so the server listens on loopback only.
command_in_image "$CONSOLE_IMAGE" "$console_root" HOST=127.0.0.1 "PORT=$port" -- "${cmd[@]}"
"${run_cmd[@]}" >"$console_log" 2>&1 &
console_pid=$!
pids+=("$console_pid")
wait_http "http://127.0.0.1:$port/api/v1/health" "$console_pid" 120 || {
  tail -20 "$console_log" >&2
  fail "the console did not answer /api/v1/health"
}
echo
figure "console: process start to /api/v1/health" "$(since "$started")"
curl -fsS "http://127.0.0.1:$port/api/v1/health/ready" && echo
curl -fsS "http://127.0.0.1:$port/" | grep -q '<div id="root"' || fail "the console page is not served"
[[ $(stat -c %u "/proc/$console_pid") == "$(chroot "$console_root" id -u "$user")" ]] ||
  fail "the server process does not run as $user"
mapfile -d '' health < <(image_config "$CONSOLE_IMAGE" Healthcheck.Test)
[[ ${health[0]} == CMD ]] || fail "HEALTHCHECK is not in exec form"
command_in_image "$CONSOLE_IMAGE" "$console_root" "PORT=$port" -- "${health[@]:1}"
"${run_cmd[@]}" || fail "the image's HEALTHCHECK fails"
data_dir=$(image_config "$CONSOLE_IMAGE" Env | tr '\0' '\n' | sed -n 's/^DATA_DIR=//p')
chroot "$console_root" stat -c '%U:%G %a %n' /app "$data_dir"
[[ $(chroot "$console_root" stat -c %U /app) == root ]] || fail "/app is writable by the server's user"
[[ -n $(chroot "$console_root" find "$data_dir" -mindepth 1) ]] || fail "the server wrote nothing to $data_dir"
[[ -z $(chroot "$console_root" find "$data_dir" ! -user "$user") ]] || fail "files in $data_dir not owned by $user"
started=$EPOCHREALTIME
kill -TERM "$console_pid"
wait "$console_pid" || true
figure "console: SIGTERM to exit" "$(since "$started")"
echo "console: healthy as $user, page served, HEALTHCHECK passes, stopped"

# --- job image smoke test -----------------------------------------------------------------------------------------
# A hybrid job's container as Braket starts it: the image's entry point with the argument `train` (SageMaker's
# convention), AMZN_BRAKET_* variables, /opt/ml mounted (/opt/braket links to it), a checkpoint directory.
log "smoke test: $JOB_IMAGE runs an H2 job against the Braket stand-in"
host_dir=$WORK/host
mkdir -p "$host_dir"
"$TSX" scripts/braket-job-host.ts "$host_dir" >"$host_dir/stand-in.out" 2>"$CACHE_DIR/smoke-stand-in.log" &
stand_in_pid=$!
pids+=("$stand_in_pid")
for _ in $(seq 150); do [[ -s $host_dir/stand-in.out ]] && break; sleep 0.2; done
stand_in=$(head -1 "$host_dir/stand-in.out")
[[ -n $stand_in ]] || fail "the stand-in did not start; see $CACHE_DIR/smoke-stand-in.log"
field() { node -e 'console.log(JSON.parse(process.argv[1])[process.argv[2]])' "$stand_in" "$1"; }
endpoint=$(field endpoint)
bucket=$(field bucket)
mapfile -d '' entrypoint < <(image_config "$JOB_IMAGE" Entrypoint)
((${#entrypoint[@]})) || fail "the job image has no ENTRYPOINT"

# Runs one job in a fresh container of the job image; sets job_root and job_status.
run_job() { # job-name hyperparameter-file
  enter "$JOB_IMAGE"
  job_root=$mnt
  mkdir -p "$job_root/opt/ml/input/config" "$job_root/opt/ml/model" "$job_root/opt/ml/output" \
    "$job_root/opt/jobs/checkpoints"
  cp "$2" "$job_root/opt/ml/input/config/hyperparameters.json"
  local env=(
    "AMZN_BRAKET_JOB_NAME=$1"
    "AMZN_BRAKET_JOB_TOKEN=smoke-token-$1"
    "AMZN_BRAKET_DEVICE_ARN=$(field deviceArn)"
    AMZN_BRAKET_HP_FILE=/opt/braket/input/config/hyperparameters.json
    AMZN_BRAKET_INPUT_DIR=/opt/braket/input/data
    AMZN_BRAKET_JOB_RESULTS_DIR=/opt/braket/model
    AMZN_BRAKET_CHECKPOINT_DIR=/opt/jobs/checkpoints
    "AMZN_BRAKET_OUT_S3_BUCKET=$bucket"
    "AMZN_BRAKET_TASK_RESULTS_S3_URI=s3://$bucket/jobs/$1/tasks"
    "AMZN_BRAKET_JOB_RESULTS_S3_PATH=jobs/$1/output"
    "AWS_DEFAULT_REGION=$(field region)"
    "AWS_REGION=$(field region)"
    "AWS_ACCESS_KEY_ID=$(field accessKeyId)"
    "AWS_SECRET_ACCESS_KEY=$(field secretAccessKey)"
    "AWS_ENDPOINT_URL_BRAKET=$endpoint"
    "AWS_ENDPOINT_URL_S3=$endpoint"
  )
  job_status=0
  command_in_image "$JOB_IMAGE" "$job_root" "${env[@]}" -- "${entrypoint[@]}" train
  timeout --kill-after=10 600 "${run_cmd[@]}" >"$CACHE_DIR/smoke-job-$1.log" 2>&1 || job_status=$?
}

started=$EPOCHREALTIME
run_job h2-smoke "$host_dir/hyperparameters.json"
figure "job: H2 on the stand-in, start to exit" "$(since "$started")"
[[ $job_status == 0 ]] || {
  tail -20 "$CACHE_DIR/smoke-job-h2-smoke.log" >&2
  cat "$job_root/opt/ml/output/failure" >&2 2>/dev/null || true
  fail "the H2 job exited with $job_status"
}
results=$(find "$job_root/opt/ml/model" -type f | head -1)
[[ -n $results ]] || fail "the H2 job wrote no result to AMZN_BRAKET_JOB_RESULTS_DIR"
metrics=$(grep -c '^Metrics - ' "$CACHE_DIR/smoke-job-h2-smoke.log" || true)
((metrics > 0)) || fail "the H2 job wrote no 'Metrics - ' line"
[[ -n $(find "$job_root/opt/jobs/checkpoints" -type f) ]] || fail "the H2 job wrote no checkpoint"
echo "job: exit 0, ${metrics} metrics lines, result ${results#"$job_root"}, checkpoint written"
grep '^Metrics - ' "$CACHE_DIR/smoke-job-h2-smoke.log" | tail -1

started=$EPOCHREALTIME
run_job bad-hyperparameters "$host_dir/bad-hyperparameters.json"
figure "job: bad hyperparameter, start to exit" "$(since "$started")"
[[ $job_status != 0 ]] || fail "the job with a bad hyperparameter exited 0"
[[ -s $job_root/opt/ml/output/failure ]] || fail "the job with a bad hyperparameter wrote no /opt/ml/output/failure"
! grep -q '^ *at ' "$job_root/opt/ml/output/failure" || fail "the failure reason is a stack trace"
echo "job: bad hyperparameter exits $job_status with: $(head -c 300 "$job_root/opt/ml/output/failure")"

kill -TERM "$stand_in_pid"
wait "$stand_in_pid" || true
seen=$(sed -n 2p "$host_dir/stand-in.out")
echo "stand-in saw: $seen"
node -e '
  const seen = JSON.parse(process.argv[1]);
  if (seen.quantumTasks < 1) throw new Error("the job created no quantum task");
  if (seen.refused.length > 0) throw new Error(`the stand-in refused: ${seen.refused.join("; ")}`);
' "$seen" || fail "the job's requests"

log "figures"
printf '%s\n' "${figures[@]}"
