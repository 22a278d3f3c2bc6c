"""Host lists packed into tensors (`model.device_copy`): the same values and dtype `torch.tensor` gives."""

import pytest
import torch

from model.device_copy import host_tensor, to_device


@pytest.mark.parametrize(
    ("values", "dtype"),
    [
        ([3, -1, 2**40], torch.int64),
        ([7, 0, -(2**31)], torch.int32),
        (range(5, 9), torch.int64),
        ((True, 2), torch.int64),
        ([], torch.int64),
        ([0.5, -2.25], torch.float32),
        ([True, False], torch.bool),
    ],
)
def test_host_tensor_matches_torch_tensor(values: list, dtype: torch.dtype) -> None:
    expected = torch.tensor(list(values), dtype=dtype)
    for got in (host_tensor(values, dtype), to_device(values, dtype, "cpu")):
        assert got.dtype == dtype and got.shape == expected.shape and torch.equal(got, expected)


def test_an_integer_out_of_range_names_the_dtype() -> None:
    with pytest.raises(OverflowError, match="torch.int32"):
        host_tensor([1, 2**31], torch.int32)
