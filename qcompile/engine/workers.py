"""Tensor-parallel workers: ranks 1..N-1 of a group whose rank 0 is the engine's own process.

Rank 0 schedules and samples; every rank runs each step's forward on its shard (`model.parallel`).
Two channels connect them:

- control: one multiprocessing pipe per worker. Rank 0 sends each step's host metadata (fresh slots,
  `HostBatch`, batch descriptor, logit rows) and the start-up commands; a worker reports back only
  that it is ready, or why it failed. A worker waits on its pipe without a timeout (a server may idle
  for hours), and an end-of-file there means rank 0 is gone: the worker exits.
- data: torch.distributed (gloo on CPU, NCCL on CUDA), rendezvous through a `TCPStore` on loopback
  whose port the OS picks. Each step's flat batch tensors are broadcast from rank 0, which already
  wrote the decode rows' input tokens from its sampler's device copy, so async scheduling holds.

A worker that fails reports why and exits; it never goes on out of step. A watchdog thread waits on
the workers' process sentinels and records the first death (`dead`), then tells its listeners, so an
idle engine notices within a moment; a collective that fails because a peer is gone becomes the same
`WorkerDiedError` (`failure`). Any error after rank 0 has sent a step's command leaves the ranks out
of step, so it is fatal (`FatalStepError`), never one request's failure.
"""

from __future__ import annotations

import atexit
import datetime
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
import torch.distributed as dist

from model.batch import Batch
from model.checkpoint.loader import load_model
from model.context import BatchDescriptor, HostBatch
from model.parallel import Shard
from qcompile.config import CompileConfig
from qcompile.engine.engine_config import EngineConfig
from qcompile.engine.kv_memory import checkpoint_count, choose_plan
from qcompile.engine.outputs import error_message
from qcompile.engine.runner import FatalStepError, ModelRunner, StateCopies

log = logging.getLogger(__name__)

# A collective waits at most this long for a live peer (a compile on another rank can take minutes);
# a dead peer fails it at once, and the watchdog sees a death without any collective.
COLLECTIVE_TIMEOUT = datetime.timedelta(minutes=10)
# How long a worker may take from its start to the rendezvous (imports only), and how long a failed
# collective waits for the watchdog to name the worker that died.
RENDEZVOUS_TIMEOUT_S = 120.0
DEATH_NOTICE_S = 2.0
# How long `close` waits for workers to stop before it kills them.
STOP_TIMEOUT_S = 10.0


class WorkerDiedError(FatalStepError):
    """A tensor-parallel worker process exited or failed: the engine cannot run another step."""


@dataclass(frozen=True)
class WorkerSpec:
    """What every rank loads and runs, picklable for `spawn`: rank 0's options, its resolved checkpoint
    folder and compile settings (so every rank compiles alike), and the CPU threads each worker takes
    (the machine's cores are shared by every rank)."""

    config: EngineConfig
    path: Path
    compile: CompileConfig | None
    threads: int

    @property
    def size(self) -> int:
        return self.config.tensor_parallel_size

    @property
    def device(self) -> str:
        return self.config.device


@dataclass(frozen=True)
class StepCommand:
    """A step's host metadata; its tensors follow as one broadcast (`send_batch`)."""

    fresh_slots: list[int]
    block_tables: dict[int, list[int]]
    host: HostBatch
    descriptor: BatchDescriptor
    logit_rows: list[int]
    copies: StateCopies


def rank_device(device: str, rank: int) -> str:
    """Rank `rank`'s device: CUDA device `rank` on CUDA (one GPU per rank), else `device` itself."""
    return f"cuda:{rank}" if torch.device(device).type == "cuda" else device


def backend_for(device: str) -> str:
    return "nccl" if torch.device(device).type == "cuda" else "gloo"


def join_group(store: dist.Store, rank: int, size: int, device: str) -> None:
    """Join the default process group of `size` ranks through `store`."""
    dist.init_process_group(backend_for(device), store=store, rank=rank, world_size=size, timeout=COLLECTIVE_TIMEOUT)


def send_batch(batch: Batch) -> None:
    """Broadcast a step's five flat tensors from rank 0, stacked so that it is one collective."""
    dist.broadcast(torch.stack(batch.tensors()), src=0)


def receive_batch(host: HostBatch, device: str) -> Batch:
    """A worker's side of `send_batch`: `host` says how many rows come. Made in inference mode, as rank 0
    builds its batches: the compiled forward's guards (from an AOT artifact too) expect inference tensors."""
    with torch.inference_mode():
        packed = torch.empty(5, host.num_tokens, dtype=torch.int64, device=device)
        dist.broadcast(packed, src=0)
    return Batch(*packed, host)


# ---- the worker process ------------------------------------------------------------------------


def _worker_main(rank: int, spec: WorkerSpec, port: int, conn: multiprocessing.connection.Connection) -> None:
    """Entry point of worker `rank`: rendezvous, load its shard, then run commands until told to stop.

    Any failure is reported on `conn` (one line; the traceback goes to this process's stderr) and ends
    the process with exit code 1.
    """
    try:
        torch.set_num_threads(spec.threads)
        device = rank_device(spec.device, rank)
        if device.startswith("cuda"):
            torch.cuda.set_device(device)
        conn.send(("started", None))
        store = dist.TCPStore("127.0.0.1", port, spec.size, is_master=False, timeout=COLLECTIVE_TIMEOUT)
        join_group(store, rank, spec.size, device)
        config = spec.config
        model = load_model(spec.path, device, config.dtype, config.ple_backend, shard=Shard.current())
        # rank 0's plan: the same options over the same shard geometry
        checkpoints = checkpoint_count(
            config.enable_prefix_caching,
            config.prefix_state_checkpoints,
            config.max_num_seqs,
            model.state_row_bytes(),
            None,  # ranks > 0 run only where rank 0 did not profile (tensor parallelism)
        )
        pool = choose_plan(
            model,
            config.max_num_seqs,
            config.max_model_len,
            config.page_size,
            config.kv_cache_memory,
            checkpoints,
            config.kv_cache_dtype,
            config.prefix_host_checkpoints,
        )
        runner = ModelRunner(
            model,
            config.max_num_seqs,
            pool.max_model_len,
            device,
            spec.compile,
            None,
            pool.num_pages,
            config.page_size,
            pool.num_checkpoints,
            config.kv_cache_dtype,
            pool.num_host_checkpoints,  # this rank's own host rows, for its shard of the state
        )
        conn.send(("ready", None))
        _serve_commands(runner, conn, device)
    except EOFError:  # rank 0 is gone: nothing to report to
        os._exit(1)
    except BaseException as e:
        traceback.print_exc()
        sys.stderr.flush()  # `os._exit` flushes nothing
        try:
            conn.send(("failed", error_message(e)))
        except OSError:
            pass
        os._exit(1)
    dist.destroy_process_group()


def _serve_commands(runner: ModelRunner, conn: multiprocessing.connection.Connection, device: str) -> None:
    while True:
        command = conn.recv()
        if isinstance(command, StepCommand):
            batch = receive_batch(command.host, device)
            runner.execute(
                command.fresh_slots, command.block_tables, batch, command.descriptor, command.logit_rows, command.copies
            )
        elif isinstance(command, tuple) and command[0] == "skinny":  # rank 0's decode rows and plans
            from model.skinny_setup import prepare_skinny

            rows, plans = command[1]
            prepare_skinny(runner.model, rows, plans)
        elif command == "warmup":
            runner.warmup()
        elif command == "capture":
            runner.capture()
        elif command == "stop":
            return
        else:
            raise ValueError(f"unknown worker command {command!r}")


# ---- rank 0's side ---------------------------------------------------------------------------


def _abort_nccl() -> None:
    """Abort the NCCL communicators, so that a collective (or a sync behind one) waiting for the dead
    rank fails instead of hanging: gloo fails such a collective by itself, NCCL waits for its peer."""
    try:
        dist.distributed_c10d._abort_process_group()
    except Exception as e:  # experimental in torch; the timeout remains
        log.warning("could not abort the NCCL process group: %s", error_message(e))


@dataclass
class _Worker:
    rank: int
    process: multiprocessing.process.BaseProcess
    conn: multiprocessing.connection.Connection
    report: str | None = None  # the failure the worker sent, if any

    def read_reports(self) -> None:
        """Take whatever the worker sent; keep its failure line."""
        try:
            while self.conn.poll():
                kind, detail = self.conn.recv()
                if kind == "failed":
                    self.report = detail
        except (EOFError, OSError):
            pass

    def death(self) -> WorkerDiedError:
        self.process.join(DEATH_NOTICE_S)  # its sentinel fired: reap it, for the exit code
        self.read_reports()
        code = self.process.exitcode
        if self.report is not None:
            how = f"failed ({self.report})"
        elif code is not None and code < 0:
            how = f"was killed by {signal.Signals(-code).name}"
        else:
            how = f"exited with code {code}"
        return WorkerDiedError(f"tensor-parallel worker {self.rank} (pid {self.process.pid}) {how}")


@dataclass
class WorkerGroup:
    """Workers 1..N-1 of a tensor-parallel group, with this process as rank 0.

    `start` spawns them and joins the group; `wait_ready` waits until each has loaded its shard.
    `dead` is the first death the watchdog saw (None while all live); listeners added with
    `on_death` are called once with it, from the watchdog thread.
    """

    spec: WorkerSpec
    workers: list[_Worker] = field(default_factory=list)
    dead: WorkerDiedError | None = None
    _listeners: list[Callable[[WorkerDiedError], None]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _closing: bool = False
    _died: threading.Event = field(default_factory=threading.Event)

    @classmethod
    def start(cls, spec: WorkerSpec) -> WorkerGroup:
        """Spawn the workers and join the process group with them (this process is rank 0)."""
        if dist.is_initialized():
            raise RuntimeError(
                "tensor parallelism needs this process's default process group, and one is already initialised"
            )
        group = cls(spec)
        context = multiprocessing.get_context("spawn")
        store = dist.TCPStore(
            "127.0.0.1", 0, spec.size, is_master=True, timeout=COLLECTIVE_TIMEOUT, wait_for_workers=False
        )
        try:
            for rank in range(1, spec.size):
                ours, theirs = context.Pipe()
                process = context.Process(
                    target=_worker_main, args=(rank, spec, store.port, theirs), name=f"qcompile-tp{rank}"
                )
                process.start()
                theirs.close()
                group.workers.append(_Worker(rank, process, ours))
            atexit.register(group.close)
            group._wait_all("started", RENDEZVOUS_TIMEOUT_S)
            device = rank_device(spec.device, 0)
            if device.startswith("cuda"):
                torch.cuda.set_device(device)
            join_group(store, 0, spec.size, device)
        except BaseException:
            group.close()
            raise
        threading.Thread(target=group._watch, name="qcompile-tp-watchdog", daemon=True).start()
        return group

    def _wait_all(self, kind: str, timeout: float | None) -> None:
        """Wait until every worker has sent `kind`; raise `WorkerDiedError` for the first that fails or
        dies first, or `TimeoutError` after `timeout` seconds."""
        waiting = {w.conn: w for w in self.workers}
        sentinels = {w.process.sentinel: w for w in self.workers}
        while waiting:
            ready = multiprocessing.connection.wait([*waiting, *sentinels], timeout)
            if not ready:
                raise TimeoutError(f"tensor-parallel workers {sorted(w.rank for w in waiting.values())} did not {kind}")
            for obj in ready:
                if obj in sentinels:
                    raise sentinels[obj].death()
                worker = waiting[obj]
                try:
                    got, detail = obj.recv()
                except EOFError:
                    raise worker.death() from None
                if got == "failed":
                    worker.report = detail
                    raise worker.death()
                if got == kind:
                    del waiting[obj]

    def wait_ready(self) -> None:
        """Block until every worker has loaded its shard and built its runner (no timeout: a load takes
        as long as it takes), or raise `WorkerDiedError` for one that failed."""
        self._wait_all("ready", None)

    def _watch(self) -> None:
        by_sentinel = {w.process.sentinel: w for w in self.workers}
        ended = multiprocessing.connection.wait(list(by_sentinel))
        if self._closing:
            return
        self._record(by_sentinel[ended[0]].death())

    def _record(self, error: WorkerDiedError) -> None:
        with self._lock:
            if self.dead is not None:
                return
            self.dead = error
            listeners = list(self._listeners)
        self._died.set()
        log.error("%s", error)
        if backend_for(self.spec.device) == "nccl":
            _abort_nccl()
        for listener in listeners:
            listener(error)

    def on_death(self, listener: Callable[[WorkerDiedError], None]) -> None:
        """Call `listener` once when a worker dies (at once if one already has)."""
        with self._lock:
            dead = self.dead
            if dead is None:
                self._listeners.append(listener)
        if dead is not None:
            listener(dead)

    def check(self) -> None:
        """Raise the recorded death, if any: no step may start once a worker is gone."""
        if self.dead is not None:
            raise self.dead

    def failure(self, e: BaseException) -> FatalStepError:
        """What a failed step raises: the death of a worker if one died (waiting a moment for the
        watchdog to see it), else `e` itself as fatal, since the ranks are now out of step."""
        if self._died.wait(DEATH_NOTICE_S):
            assert self.dead is not None
            return self.dead
        return FatalStepError(f"a tensor-parallel step failed, the ranks are out of step: {error_message(e)}")

    def _send(self, command: Any) -> None:
        for worker in self.workers:
            worker.conn.send(command)

    def step(
        self,
        fresh_slots: list[int],
        block_tables: dict[int, list[int]],
        batch: Batch,
        descriptor: BatchDescriptor,
        logit_rows: list[int],
        copies: StateCopies,
    ) -> None:
        """Hand one step to every worker: its host metadata, then its tensors."""
        self._send(StepCommand(fresh_slots, block_tables, batch.host, descriptor, logit_rows, copies))
        send_batch(batch)

    def command(self, name: str | tuple[str, Any]) -> None:
        """A start-up stage every rank runs in step with rank 0 ("warmup", "capture", or ("skinny",
        (rows, plans)))."""
        self._send(name)

    def close(self) -> None:
        """Stop every worker (killing those that do not stop within `STOP_TIMEOUT_S`) and leave the group."""
        if self._closing:
            return
        self._closing = True
        atexit.unregister(self.close)
        for worker in self.workers:
            try:
                worker.conn.send("stop")
            except OSError:
                pass
        for worker in self.workers:
            worker.process.join(STOP_TIMEOUT_S)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
        if dist.is_initialized():
            dist.destroy_process_group()
