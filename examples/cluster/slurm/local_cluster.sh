#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying the scripts here and for
# sepax's test: munged, slurmctld and slurmd as root, every file (key,
# configuration, state, logs, sockets) in DIR and on free loopback ports, so
# nothing of the machine's own Slurm or munge is read or changed.
#   local_cluster.sh start DIR   starts it; prints `export SLURM_CONF=DIR/slurm.conf`
#   local_cluster.sh stop DIR    stops what start started (also after a failed start)
# Needs Debian's slurmctld, slurmd, slurm-client and munge (scripts/setup.sh --cluster).
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)
conf=$dir/slurm.conf

stop() {
  if [ -f "$conf" ] && [ -f "$dir/slurmctld.pid" ]; then
    SLURM_CONF=$conf timeout 20 scontrol shutdown >/dev/null 2>&1 || true
  fi
  # Whatever is still running after scontrol (or if it could not reach slurmctld).
  for name in slurmd slurmctld munged; do
    pidfile=$dir/$name.pid
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile" 2>/dev/null || true)
    for _ in $(seq 50); do
      [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break
      kill "$pid" 2>/dev/null || true
      sleep 0.1
    done
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
    rm -f "$pidfile"
  done
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  [ "$(id -u)" -eq 0 ] || { echo "$0: the daemons run as root here (SlurmUser=root): run it as root" >&2; exit 2; }
  for tool in munged slurmctld slurmd sbatch scontrol; do
    command -v "$tool" >/dev/null || { echo "$0: $tool is not installed (bash scripts/setup.sh --cluster)" >&2; exit 2; }
  done
  stop  # a cluster left in DIR by an earlier start
  mkdir -p "$dir/state" "$dir/spool" "$dir/log" "$dir/munge"
  chmod 0700 "$dir/munge"
  [ -f "$dir/munge/munge.key" ] || { dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none; chmod 0400 "$dir/munge/munge.key"; }
  # munged refuses to run as root without --force; its socket lives in DIR.
  munged --force --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" --log-file="$dir/log/munged.log" \
    --pid-file="$dir/munged.pid" --seed-file="$dir/munge/seed" 2>>"$dir/log/munged.log"
  local host cpus memory
  host=$(hostname -s)
  cpus=$(nproc)
  memory=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
  cat >"$conf" <<CONF
# Written by $0: a one-node cluster in $dir.
ClusterName=sepax-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
# No cgroups: processes are tracked by their parents, tasks are not bound.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  SLURM_CONF=$conf slurmctld -f "$conf"
  SLURM_CONF=$conf slurmd -f "$conf"
  for _ in $(seq 300); do
    if SLURM_CONF=$conf sinfo --noheader --states=idle --format=%n 2>/dev/null | grep -qx "$host"; then
      echo "export SLURM_CONF=$conf"
      return 0
    fi
    sleep 0.1
  done
  echo "$0: the node did not come up within 30 s; the logs are in $dir/log" >&2
  tail -n 5 "$dir"/log/*.log >&2 || true
  stop
  exit 1
}

case $action in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
