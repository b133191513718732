"""Is a hypothesis the secret rule? Checks run off the request path: a page or a tablet asks,
gets the cached answer or "still checking", and whoever asked is told when the answer is ready.

Answers are kept in memory by (secret rule text, hypothesis text); after a restart they are
computed again when first asked for. Each check has a time budget, so a hostile rule costs a
worker at most that long and never a page.

>>> checks = Checks(budget_s=2.0)
>>> checks.request("card.color != prev.color", "they alternate").verdict
'not_a_rule'
>>> checks.request("card.color != prev.color", "prev.color != card.color") is None
True
>>> checks.wait_idle(30.0)
True
>>> checks.request("card.color != prev.color", "prev.color != card.color").verdict
'same'
>>> checks.close()
"""

from __future__ import annotations

import functools
import logging
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from classroom.core.hypotheses import check_equivalence
from classroom.core.rules import RuleError, compile_rule
from classroom.core.rules.analysis import RuleAnalysis, analyze
from classroom.usecases.computing import Busy, Computations, Overrun

__all__ = ["CheckOutcome", "Checks", "Done", "is_rule", "outcome_of", "rule_analysis"]

log = logging.getLogger(__name__)

#: Seconds one check may take before it answers "undecided".
CHECK_BUDGET_S = 2.0
#: Checks waiting for a worker; past this, new requests are dropped and asked for again later.
QUEUE_SIZE = 256
#: Answers kept (the oldest looked-at is forgotten first).
CACHE_SIZE = 4096


@dataclass(frozen=True, slots=True)
class CheckOutcome:
    """The checker's answer: "same" (proved), "different", "undecided" or "not_a_rule"."""

    verdict: str
    #: For "different", the counterexample in a sentence; for "undecided", what was compared.
    detail: str = ""
    #: The rules differ only where two decks cannot get (a third copy of a card).
    needs_more_decks: bool = False


NOT_A_RULE = CheckOutcome("not_a_rule")
#: Told when a check is done: the secret, the hypothesis, the answer, who asked.
Done = Callable[[str, str, CheckOutcome, frozenset[Hashable]], None]


@functools.lru_cache(maxsize=1024)
def is_rule(text: str) -> bool:
    """Whether `text` is written in the rule language (compiling is quick: no play)."""
    try:
        compile_rule(text)
    except RuleError:
        return False
    return True


def outcome_of(secret: str, hypothesis: str, *, budget_s: float = CHECK_BUDGET_S) -> CheckOutcome:
    """Compare a hypothesis with the secret rule, within `budget_s` seconds (slow: a worker's)."""
    try:
        result = check_equivalence(secret, hypothesis, budget_s=budget_s)
    except RuleError:
        return NOT_A_RULE
    example = result.counterexample
    detail = example.describe() if example is not None else result.limit
    return CheckOutcome(result.verdict, detail, result.needs_more_decks)


#: Seconds a worker process may take beyond a check's budget (its start, pickling, a loaded
#: machine) before the check is answered "undecided" without it.
GRACE_S = 10.0


def rule_analysis(rule_text: str) -> RuleAnalysis:
    """A rule's figures from random play (a fifth of a second: a worker's)."""
    return analyze(compile_rule(rule_text))


class Checks:
    """Cached equivalence checks, asked for by background threads that run them in
    `computing`'s worker processes (or themselves, when `computing` has none)."""

    def __init__(
        self,
        *,
        budget_s: float = CHECK_BUDGET_S,
        workers: int = 1,
        queue_size: int = QUEUE_SIZE,
        cache_size: int = CACHE_SIZE,
        on_done: Done | None = None,
        computing: Computations | None = None,
    ) -> None:
        self.budget_s = budget_s
        self.on_done = on_done
        self.computing = computing or Computations()
        # One asking thread per worker process keeps every process busy.
        self._workers = max(workers, self.computing.workers)
        self._cache_size = cache_size
        self._cache: OrderedDict[tuple[str, str], CheckOutcome] = OrderedDict()
        self._waiting: dict[tuple[str, str], set[Hashable]] = {}
        self._queue: queue.Queue[tuple[str, str] | None] = queue.Queue(queue_size)
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def cached(self, secret: str, text: str) -> CheckOutcome | None:
        """The answer if known (None: not checked yet); never starts a check."""
        if not is_rule(text) or not is_rule(secret):
            return NOT_A_RULE
        with self._lock:
            found = self._cache.get((secret, text))
            if found is not None:
                self._cache.move_to_end((secret, text))
            return found

    def request(
        self, secret: str, text: str, *, tell: Hashable | None = None
    ) -> CheckOutcome | None:
        """The answer if known; otherwise None, and a worker checks it and tells `tell`."""
        found = self.cached(secret, text)
        if found is not None:
            return found
        key = (secret, text)
        with self._lock:
            if key in self._cache:
                return self._cache[key]
            asking = self._waiting.get(key)
            if asking is not None:
                asking.add(tell)
                return None
            try:
                self._queue.put_nowait(key)
            except queue.Full:
                return None  # dropped: asked for again by the next page or tablet
            self._waiting[key] = {tell}
            self._start_workers()
        return None

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every queued check is done (for tests and shutdown); False on timeout."""
        done = threading.Event()

        def join() -> None:
            self._queue.join()
            done.set()

        threading.Thread(target=join, daemon=True).start()
        return done.wait(timeout)

    def close(self) -> None:
        """Stop the workers once the queue is done."""
        with self._lock:
            threads, self._threads = self._threads, []
        for _thread in threads:
            self._queue.put(None)

    def _start_workers(self) -> None:
        while len(self._threads) < self._workers:
            thread = threading.Thread(target=self._work, name="rule-checks", daemon=True)
            self._threads.append(thread)
            thread.start()

    def _work(self) -> None:
        while (key := self._queue.get()) is not None:
            try:
                self._check(*key)
            except Exception:  # a worker outlives any one bad check
                log.exception("checking a hypothesis failed")
                with self._lock:
                    self._waiting.pop(key, None)
            finally:
                self._queue.task_done()
        self._queue.task_done()

    def _check(self, secret: str, text: str) -> None:
        try:
            outcome = self.computing.run(
                outcome_of, secret, text, budget_s=self.budget_s, timeout_s=self.budget_s + GRACE_S
            )
        except Busy:
            with self._lock:  # not started: asked for again by the next page or tablet
                self._waiting.pop((secret, text), None)
            return
        except Overrun:
            # The worker did not answer in time: "undecided", in the words of a spent budget.
            outcome = outcome_of(secret, text, budget_s=0.0)
        with self._lock:
            self._cache[(secret, text)] = outcome
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
            asking = frozenset(self._waiting.pop((secret, text), set()) - {None})
        if self.on_done is not None and asking:
            self.on_done(secret, text, outcome, asking)
