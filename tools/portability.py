"""Find the calls in the shipped code that exist on one system only, and whether each is guarded.

The game ships for Windows, macOS and Linux, but its tests run on Linux here: a bare
``os.getuid()`` or ``import fcntl`` passes every test on this machine and crashes a Windows
player. This reads the source (no import, so any system can run it) and lists each such use:

- modules of one system only (``fcntl``, ``pwd``, ``resource``, ``termios``; ``msvcrt``,
  ``winreg`` on Windows);
- ``os`` calls POSIX alone has (``fork``, ``getuid``, ``killpg``, ``sysconf``...) and file
  modes (``chmod``, ``fchmod``, ``umask``);
- signals other than SIGTERM and SIGINT, and ``loop.add_signal_handler``;
- ``/dev/``, ``/proc/`` and ``/sys/`` paths;
- worker processes started any way but ``spawn`` (the default start method differs by system).

A use is guarded when it sits under an ``if`` on ``os.name``, ``sys.platform``,
``platform.system()`` or ``hasattr``, after such an ``if`` that returns early, or in a
``try`` (or ``contextlib.suppress``) that catches what the other systems raise
(ImportError, AttributeError, OSError, NotImplementedError). Processes not started with
``spawn`` are never guarded: the start method is one choice for every system.

``python -m tools.portability`` prints every use found, guarded or not; exit 1 if any is not.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("game", "scenes", "build/launcher.py")
"""What goes into the standalone build and the wheel (relative to the repository root)."""

ONE_SYSTEM_MODULES = frozenset({
    "fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "posix", "syslog", "crypt",
    "spwd", "nis", "readline", "curses", "msvcrt", "winreg", "winsound", "_winapi",
})
POSIX_OS = frozenset({
    "fork", "forkpty", "getuid", "geteuid", "getgid", "getegid", "getgroups", "setuid",
    "setgid", "seteuid", "setegid", "setsid", "getsid", "setpgid", "setpgrp", "getpgid",
    "getpgrp", "killpg", "chown", "fchown", "lchown", "lchmod", "sysconf", "pathconf",
    "getloadavg", "mkfifo", "mknod", "nice", "statvfs", "fstatvfs", "wait3", "wait4",
    "WNOHANG", "sync", "pread", "pwrite", "sched_getaffinity", "sched_setaffinity",
    "getpriority", "setpriority", "posix_spawn", "posix_fadvise", "openpty", "ttyname",
    "ctermid", "uname", "initgroups", "O_NOFOLLOW", "O_NONBLOCK", "O_CLOEXEC",
})
FILE_MODES = frozenset({"chmod", "fchmod", "lchmod", "umask"})
"""Windows keeps only a read-only flag: a mode set there is not the mode asked for."""
PORTABLE_SIGNALS = frozenset({"SIGTERM", "SIGINT", "SIG_DFL", "SIG_IGN", "signal", "Signals"})
SIGNAL_CALLS = frozenset({
    "alarm", "setitimer", "getitimer", "pause", "pthread_kill", "pthread_sigmask", "sigwait",
    "sigwaitinfo", "sigtimedwait", "siginterrupt", "sigpending",
})
SYSTEM_PATHS = ("/dev/", "/proc/", "/sys/")
OTHER_SYSTEMS_RAISE = frozenset({
    "ImportError", "ModuleNotFoundError", "AttributeError", "OSError", "NotImplementedError",
    "FileNotFoundError", "Exception", "BaseException",
})
DEFAULT_CONTEXT = frozenset({
    "Process", "Pool", "Queue", "SimpleQueue", "JoinableQueue", "Pipe", "Manager", "Lock",
    "Event", "Semaphore",
})
"""``multiprocessing`` names that use the system's default start method (fork on Linux)."""


@dataclass(frozen=True)
class Use:
    """One use of something a system lacks; ``guarded`` says whether the others are spared."""

    path: str
    line: int
    what: str
    guarded: bool

    def __str__(self) -> str:
        state = "guarded" if self.guarded else "NOT GUARDED"
        return f"{self.path}:{self.line}: {self.what} ({state})"


def shipped_files(root: Path = ROOT) -> Iterator[Path]:
    for entry in SHIPPED:
        path = root / entry
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def scan_tree(root: Path = ROOT) -> list[Use]:
    """Every use in the shipped code, in file and line order."""
    uses: list[Use] = []
    for path in shipped_files(root):
        uses += scan(path.read_text("utf-8"), path.relative_to(root).as_posix())
    return uses


def scan(source: str, name: str = "<source>") -> list[Use]:
    """The uses in one module's source."""
    tree = ast.parse(source, name)
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    docstrings = {id(body[0].value) for body in _bodies(tree)
                  if body and isinstance(body[0], ast.Expr)
                  and isinstance(body[0].value, ast.Constant)}
    uses = []
    for node in ast.walk(tree):
        for what, guardable in _found(node, docstrings):
            guarded = guardable and _guarded(node, parents)
            uses.append(Use(name, getattr(node, "lineno", 0), what, guarded))
    return sorted(uses, key=lambda use: use.line)


def _bodies(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.body


def _found(node: ast.AST, docstrings: set[int]) -> Iterable[tuple[str, bool]]:
    """What ``node`` uses that a system lacks, each with whether a guard can excuse it."""
    if isinstance(node, ast.Import):
        return [(f"import {alias.name}", True) for alias in node.names
                if alias.name.split(".")[0] in ONE_SYSTEM_MODULES]
    if isinstance(node, ast.ImportFrom) and node.module is not None:
        if node.module.split(".")[0] in ONE_SYSTEM_MODULES:
            return [(f"from {node.module} import", True)]
        if node.module == "os":
            return [(f"os.{alias.name}", True) for alias in node.names
                    if alias.name in POSIX_OS | FILE_MODES]
        return []
    if isinstance(node, ast.Attribute):
        return _attribute(node)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if id(node) not in docstrings and node.value.startswith(SYSTEM_PATHS):
            return [(f"path {node.value!r}", True)]
        return []
    if isinstance(node, ast.Call):
        return _process_call(node)
    return []


def _attribute(node: ast.Attribute) -> list[tuple[str, bool]]:
    owner = node.value.id if isinstance(node.value, ast.Name) else None
    attr = node.attr
    if owner == "os" and attr in POSIX_OS:
        return [(f"os.{attr}", True)]
    if attr in FILE_MODES and (owner in ("os", None) or attr == "chmod"):
        return [(f"{owner or ''}.{attr} (file modes)", True)]
    if owner == "signal" and ((attr.startswith("SIG") and attr not in PORTABLE_SIGNALS)
                              or attr in SIGNAL_CALLS):
        return [(f"signal.{attr}", True)]
    if attr == "add_signal_handler":
        return [("loop.add_signal_handler (none on Windows)", True)]
    if owner == "multiprocessing" and attr in DEFAULT_CONTEXT:
        return [(f"multiprocessing.{attr} (the default start method; use spawn)", False)]
    return []


def _process_call(node: ast.Call) -> list[tuple[str, bool]]:
    """Start methods named other than ``spawn``, and process pools without a context."""
    name = node.func.attr if isinstance(node.func, ast.Attribute) else (
        node.func.id if isinstance(node.func, ast.Name) else "")
    if name in ("get_context", "set_start_method"):
        method = node.args[0] if node.args else None
        if not (isinstance(method, ast.Constant) and method.value == "spawn"):
            return [(f"{name} without 'spawn'", False)]
    if name == "ProcessPoolExecutor" and not any(k.arg == "mp_context" for k in node.keywords):
        return [("ProcessPoolExecutor without mp_context (use spawn)", False)]
    return []


def _guarded(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    child, parent = node, parents.get(node)
    while parent is not None:
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test \
                and _platform_test(parent.test):
            return True
        if isinstance(parent, ast.BoolOp) and _platform_test(parent.values[0]) \
                and child is not parent.values[0]:
            return True  # hasattr(os, "x") and os.x(...)
        if isinstance(parent, ast.Try) and child in parent.body and any(
                _catches(handler.type) for handler in parent.handlers):
            return True
        if isinstance(parent, (ast.With, ast.AsyncWith)) and _suppressed(child, parent):
            return True
        if _after_early_exit(child, parent):
            return True
        child, parent = parent, parents.get(parent)
    return False


def _platform_test(test: ast.AST) -> bool:
    for node in ast.walk(test):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (
                (node.value.id, node.attr) in {("os", "name"), ("sys", "platform"),
                                               ("platform", "system")}):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "hasattr":
            return True
    return False


def _catches(kind: ast.expr | None) -> bool:
    if kind is None:
        return True  # a bare except
    names = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any(isinstance(n, ast.Name) and n.id in OTHER_SYSTEMS_RAISE for n in names)


def _suppressed(child: ast.AST, statement: ast.With | ast.AsyncWith) -> bool:
    """``child`` is the body, or an item entered after a ``suppress`` of the right kind."""
    items = statement.items
    first = next((n for n, item in enumerate(items) if _suppresses(item.context_expr)), None)
    if first is None:
        return False
    return child in statement.body or child in items[first + 1:]


def _suppresses(context: ast.expr) -> bool:
    if not isinstance(context, ast.Call):
        return False
    func = context.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name == "suppress" and any(_catches(arg) for arg in context.args)


def _after_early_exit(child: ast.AST, parent: ast.AST) -> bool:
    """``child`` follows, in the same block, an ``if <platform>: return`` (or raise)."""
    for field in ("body", "orelse", "finalbody"):
        block = getattr(parent, field, None)
        if not isinstance(block, list) or child not in block:
            continue
        for statement in block[: block.index(child)]:
            if isinstance(statement, ast.If) and _platform_test(statement.test) and \
                    statement.body and isinstance(statement.body[-1], (ast.Return, ast.Raise)):
                return True
    return False


def main() -> int:
    uses = scan_tree()
    for use in uses:
        print(use)
    bad = [use for use in uses if not use.guarded]
    print(f"{len(uses)} uses of one system's calls, {len(bad)} not guarded")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
