#!/usr/bin/env bash
# Submits a sepax campaign as a Slurm array of N shards and the merge that
# waits for all of them (README.md here):
#   submit.sh N DIR [sepax verify options: --cases is required]
# Prints the array's job id and the merge's. SEPAX names the sepax command if
# it is not on the compute nodes' PATH; DIR must be on a file system every
# node sees. The brought kernels' options (--plugin, --external) go to the
# merge too.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 N DIR [sepax verify options]" >&2; exit 2; }
n=$1 dir=$2
shift 2
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "$0: N='$n': expected the number of shards, a whole number >= 1" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
merge_options=()
args=("$@")
for ((i = 0; i < ${#args[@]}; ++i)); do
  case ${args[i]} in
    --plugin | --external) merge_options+=("${args[i]}" "${args[i + 1]:-}") ;;
    --plugin=* | --external=*) merge_options+=("${args[i]}") ;;
  esac
done
array=$(sbatch --parsable --array="1-$n" --chdir="$dir" "$here/campaign.sbatch" "$dir" "$@")
array=${array%%;*}  # "id;cluster" on a multi-cluster site
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --chdir="$dir" \
  "$here/merge.sbatch" "$dir" "${merge_options[@]}")
echo "$array ${merge%%;*}"
