"""`place_experts`: sizes in, a placement or a one-line refusal naming the sizes out."""

from __future__ import annotations

import pytest

from model.expert_placement import GIB, ExpertPlacementError, place_experts

FP8_EXPERT = 3 * 2560 * 640 + (10 * 20 + 20 * 5) * 4  # codes plus 128 x 128 block scales (float32): 4.92 MB
FULL = {"layers": 48, "experts": 512, "expert_bytes": FP8_EXPERT, "top_k": 10}


def test_experts_that_fit_the_device_stay_there() -> None:
    placement = place_experts(**FULL, device_bytes=120 * GIB, host_bytes=0)
    assert (placement.slots, placement.resident, placement.host_bytes) == (512, 512, 0)
    assert not placement.offloaded


def test_an_a6000_with_a_large_host_keeps_a_dynamic_cache_only() -> None:
    """Seed 003: 48 GB, about 30 GiB left for experts, 125 GiB host: nothing need be static."""
    placement = place_experts(**FULL, device_bytes=30 * GIB, host_bytes=125 * GIB)
    assert placement.slots == 30 * GIB // (48 * FP8_EXPERT) == 136
    assert placement.resident == 0 and placement.host_bytes == 48 * 512 * FP8_EXPERT
    assert placement.device_bytes <= 30 * GIB


def test_a_small_host_makes_the_rest_static_on_the_device() -> None:
    """100 GiB of host for 112.5 GiB of experts: the experts it cannot hold stay on the device for good."""
    placement = place_experts(**FULL, device_bytes=30 * GIB, host_bytes=100 * GIB)
    on_host = 100 * GIB // (48 * FP8_EXPERT)
    assert placement.resident == 512 - on_host and placement.slots == 136
    assert placement.host_bytes == on_host * 48 * FP8_EXPERT <= 100 * GIB


def test_explicit_slots_are_checked_against_the_device() -> None:
    assert place_experts(**FULL, device_bytes=30 * GIB, host_bytes=125 * GIB, slots=64).slots == 64
    with pytest.raises(ExpertPlacementError, match=r"200 slots per layer take 44\.0 GiB.*30\.0 GiB is left"):
        place_experts(**FULL, device_bytes=30 * GIB, host_bytes=125 * GIB, slots=200)
    with pytest.raises(ExpertPlacementError, match=r"slots must lie in \[0, 512\], got 513"):
        place_experts(**FULL, device_bytes=300 * GIB, host_bytes=0, slots=513)


@pytest.mark.parametrize(("device", "host"), [(30, 80), (1, 125), (0, 200)])
def test_a_checkpoint_that_cannot_fit_is_refused_in_one_line(device: int, host: int) -> None:
    with pytest.raises(ExpertPlacementError) as refused:
        place_experts(**FULL, device_bytes=device * GIB, host_bytes=host * GIB)
    message = str(refused.value)
    assert "\n" not in message and "48 layers x 512 experts x 4.92 MB = 112.5 GiB" in message
    assert f"({device:.1f} GiB)" in message and f"({host:.1f} GiB)" in message
    assert "of the 522 that 512 experts and top-10 dynamic slots need" in message


def test_bad_sizes_are_named() -> None:
    with pytest.raises(ExpertPlacementError, match="top_k must be positive, got 0"):
        place_experts(48, 512, FP8_EXPERT, 0, GIB, GIB)
