"""game.ai.jit: the compiled functions without reference counts that the draughts search's hot
path relies on (see njit_uncounted)."""

import numpy as np
import pytest

from game.ai import jit
from game.ai.draughts import fast as F

pytestmark = pytest.mark.skipif(not jit.AVAILABLE, reason="numba is not installed")


@jit.njit_uncounted
def _write_through_slice(a):
    row = a[1:]
    row[0] = 5
    return a.sum()


@jit.njit_uncounted
def _creates_an_array(a):
    b = np.zeros(3)
    return a[0] + b[0]


def test_an_uncounted_function_reads_and_writes_the_arrays_it_is_given():
    a = np.ones(3, np.int64)
    assert _write_through_slice(a) == 7
    assert list(a) == [1, 5, 1]


def test_an_uncounted_function_that_creates_an_array_does_not_compile():
    """Without reference counts nothing would free the array: numba refuses it, so a change
    that makes the search allocate fails here and in every search test, never in play."""
    from numba.core.errors import TypingError

    with pytest.raises(TypingError):
        _creates_an_array(np.ones(2))


def test_the_draughts_search_is_compiled_uncounted():
    """Its 16 arrays passed down each ply were counted in and out: 55% of its time (RESULTS)."""
    assert F.search.targetoptions.get("_nrt") is False
