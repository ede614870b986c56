# obj.__dict__ and vars(obj) on instances of a learner's own classes and of dataclasses: the live dict
# of the attributes, so writing through it sets them (the `self.__dict__.update(kwargs)` config idiom).
import copy
from dataclasses import dataclass


class Config:
    def __init__(self, **kwargs):
        self.n_layer = 2
        self.__dict__.update(kwargs)


c = Config(n_head=4, d_model=32)
print(c.__dict__, c.n_head, vars(c) is c.__dict__)
c.__dict__["extra"] = [1]
print(c.extra, sorted(vars(c)))
del c.n_layer
print(vars(c), hasattr(c, "n_layer"))
c.n_layer = 3
print(list(c.__dict__.items()))
print({k: v for k, v in vars(c).items() if not k.startswith("_")})
c.__dict__.pop("extra")
print(hasattr(c, "extra"), len(vars(c)))


@dataclass
class GPTConfig:
    block_size: int = 8
    n_embd: int = 16


g = GPTConfig(n_embd=32)
print(vars(g), g.__dict__ == {"block_size": 8, "n_embd": 32})
d = dict(vars(g))
d["n_embd"] = 1
print(g.n_embd, GPTConfig(**d))


class Empty:
    pass


e = Empty()
print(e.__dict__, vars(e))
e.__dict__.setdefault("x", 5)
print(e.x)
try:
    vars(3)
except TypeError as err:
    print("TypeError", err)
c2 = copy.deepcopy(c)
c2.n_layer = 10
print(c.n_layer, vars(c2))
c3 = copy.copy(c)
c3.n_head = 9
print(c.n_head, c3.n_head, vars(c3))
