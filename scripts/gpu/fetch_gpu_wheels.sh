#!/usr/bin/env bash
# Download, on a machine with network, the wheels a GPU machine without network needs beside its own
# torch >= 2.11 and Triton (the H200 we measured on had torch 2.11, triton 3.6, transformers 5.17):
# fla-core 0.6.0 (the GDN prefill kernels), transformers 5.24 (Qwen4-Exp with indexed attention), depyf, the server stack for load tests, and
# xgrammar with its tvm-ffi runtime for structured outputs (it also imports pydantic and numpy).
# Copy `.whl/` (ignored by git) with the repository to the GPU machine and install with:
#   python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD
set -euo pipefail
cd "$(dirname "$0")/../.."
grep -qx '/.whl/' .git/info/exclude 2>/dev/null || echo '/.whl/' >> .git/info/exclude
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 -d .whl \
  fla-core==0.6.0 transformers==5.24.0 depyf==0.20.0 astor==0.8.1 dill==0.4.1 \
  fastapi==0.165.0 starlette==1.10.0 uvicorn==0.54.0 pydantic==2.14.4 pydantic_core==2.50.5 \
  annotated-types==0.8.0 typing-inspection==0.4.5 typing_extensions==4.16.0 opentelemetry-api==1.45.2 \
  openai==3.57.0 jiter==0.19.0 httpx2==2.16.2 httpcore2==2.16.2 sniffio==1.3.1 truststore==0.10.5 idna==3.20 \
  xgrammar==0.2.8 apache-tvm-ffi==0.1.15.post2
ls .whl
