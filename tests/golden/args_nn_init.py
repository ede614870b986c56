# Wrong calls of torch.nn.init: each prints the TypeError PyTorch raises. Written by
# tools/args/gen_wrong_calls.py; the expected output is real PyTorch's (tests/golden/generate.py).
import torch
import torch.nn as nn
import torch.nn.functional as F

T = torch.zeros(2, 3)


def check(call, f):
    print(call)
    try:
        f()
        print("no error")
    except TypeError as e:
        print(e)

check('nn.init.xavier_uniform_()', lambda: nn.init.xavier_uniform_())
check('nn.init.xavier_uniform_(T, foo=1)', lambda: nn.init.xavier_uniform_(T, foo=1))
check('nn.init.xavier_uniform_(T, 0, 0, 0, 0, 0, 0)', lambda: nn.init.xavier_uniform_(T, 0, 0, 0, 0, 0, 0))
check('nn.init.xavier_uniform_(tensor=T, a=1, b=2, c=3)', lambda: nn.init.xavier_uniform_(tensor=T, a=1, b=2, c=3))
check('nn.init.xavier_normal_()', lambda: nn.init.xavier_normal_())
check('nn.init.xavier_normal_(T, foo=1)', lambda: nn.init.xavier_normal_(T, foo=1))
check('nn.init.xavier_normal_(T, 0, 0, 0, 0, 0, 0)', lambda: nn.init.xavier_normal_(T, 0, 0, 0, 0, 0, 0))
check('nn.init.xavier_normal_(tensor=T, a=1, b=2, c=3)', lambda: nn.init.xavier_normal_(tensor=T, a=1, b=2, c=3))
check('nn.init.zeros_()', lambda: nn.init.zeros_())
check('nn.init.zeros_(T, foo=1)', lambda: nn.init.zeros_(T, foo=1))
check('nn.init.zeros_(T, 0, 0, 0, 0, 0, 0)', lambda: nn.init.zeros_(T, 0, 0, 0, 0, 0, 0))
check('nn.init.zeros_(tensor=T, a=1, b=2, c=3)', lambda: nn.init.zeros_(tensor=T, a=1, b=2, c=3))
check('nn.init.ones_()', lambda: nn.init.ones_())
check('nn.init.ones_(T, foo=1)', lambda: nn.init.ones_(T, foo=1))
check('nn.init.ones_(T, 0, 0, 0, 0, 0, 0)', lambda: nn.init.ones_(T, 0, 0, 0, 0, 0, 0))
check('nn.init.ones_(tensor=T, a=1, b=2, c=3)', lambda: nn.init.ones_(tensor=T, a=1, b=2, c=3))
check('nn.init.normal_()', lambda: nn.init.normal_())
check('nn.init.normal_(T, foo=1)', lambda: nn.init.normal_(T, foo=1))
check('nn.init.normal_(T, 0, 0, 0, 0, 0, 0)', lambda: nn.init.normal_(T, 0, 0, 0, 0, 0, 0))
check('nn.init.normal_(tensor=T, a=1, b=2, c=3)', lambda: nn.init.normal_(tensor=T, a=1, b=2, c=3))
check('nn.init.uniform_()', lambda: nn.init.uniform_())
check('nn.init.uniform_(T, foo=1)', lambda: nn.init.uniform_(T, foo=1))
check('nn.init.uniform_(T, 0, 0, 0, 0, 0, 0)', lambda: nn.init.uniform_(T, 0, 0, 0, 0, 0, 0))
check('nn.init.uniform_(tensor=T, a=1, b=2, c=3)', lambda: nn.init.uniform_(tensor=T, a=1, b=2, c=3))
check('nn.init.constant_()', lambda: nn.init.constant_())
check('nn.init.constant_(T, foo=1)', lambda: nn.init.constant_(T, foo=1))
check('nn.init.constant_(T, 0, 0, 0, 0, 0, 0)', lambda: nn.init.constant_(T, 0, 0, 0, 0, 0, 0))
check('nn.init.constant_(tensor=T, a=1, b=2, c=3)', lambda: nn.init.constant_(tensor=T, a=1, b=2, c=3))
check('nn.init.kaiming_uniform_()', lambda: nn.init.kaiming_uniform_())
check('nn.init.kaiming_uniform_(T, foo=1)', lambda: nn.init.kaiming_uniform_(T, foo=1))
check('nn.init.kaiming_uniform_(T, 0, 0, 0, 0, 0, 0)', lambda: nn.init.kaiming_uniform_(T, 0, 0, 0, 0, 0, 0))
check('nn.init.kaiming_uniform_(tensor=T, a=1, b=2, c=3)', lambda: nn.init.kaiming_uniform_(tensor=T, a=1, b=2, c=3))
