#!/usr/bin/env bash
# Installs the Debian 12 packages sepax builds against. Idempotent and quiet
# when everything is already there: apt-get runs only for missing packages.
set -euo pipefail

packages=(
  cmake ninja-build g++ ccache pkg-config
  libeigen3-dev libboost-dev libgmp-dev libmpfr-dev libcgal-dev zlib1g-dev
  librapidcheck-dev libgtest-dev libgmock-dev libbenchmark-dev libtbb-dev
  nlohmann-json3-dev libcli11-dev libfmt-dev python3-matplotlib chromium
  libfcl-dev libbullet-dev libode-dev libccd-dev libbox2d-dev libmujoco-dev
  python3-dev python3-numpy python3-pytest python3-yaml pybind11-dev doxygen
)
# --cluster: also Slurm and munge, for the test that runs a campaign on a
# one-node cluster (examples/cluster/slurm/local_cluster.sh starts its own
# daemons; on a machine with systemd, Debian's packages enable their services).
if [ "${1:-}" = --cluster ]; then
  packages+=(slurmctld slurmd slurm-client munge)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
