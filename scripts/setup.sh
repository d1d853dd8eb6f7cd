#!/usr/bin/env bash
# Installs collsweep's build and run dependencies from Debian packages; safe to run again.
set -euo pipefail

packages=(build-essential cmake git pkg-config libeigen3-dev libtomlplusplus-dev libcli11-dev librandom123-dev
          libgtest-dev libgmock-dev libbenchmark-dev libsiconos-numerics-dev libbox2d-dev python3 python3-matplotlib
          python3-numpy python3-pil fonts-dejavu-core libopenmpi-dev openmpi-bin ccache
          python3-dev python3-pybind11 pybind11-dev python3-pandas python3-pytest python3-venv
          jupyter-nbconvert python3-nbconvert python3-nbclient python3-nbformat python3-ipykernel)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all Debian packages present"
fi

if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup: CUDA toolkit found ($( (command -v nvcc || echo /usr/local/cuda/bin/nvcc) ))"
else
  echo "setup: no CUDA toolkit found; building the CPU backend only"
fi
