# Decorators (evaluated top to bottom, applied bottom up), staticmethod, classmethod and property with
# setter and deleter, del obj.attr and delattr, as a learner's model class might use them.
import torch
import torch.nn as nn

order = []


def tag(name):
    order.append("made " + name)

    def wrap(f):
        order.append("applied " + name)

        def inner(*args):
            return name + "(" + str(f(*args)) + ")"

        return inner

    return wrap


@tag("outer")
@tag("inner")
def double(x):
    return 2 * x


print(double(21), order)


def register(cls):
    cls.registered = True
    return cls


@register
class Config:
    scale = 2

    def __init__(self, d_model):
        self._d_model = d_model

    @staticmethod
    def heads_for(d_model):
        return d_model // 64

    @classmethod
    def paper(cls):
        return cls(512)

    @property
    def d_model(self):
        return self._d_model

    @d_model.setter
    def d_model(self, value):
        if value % 8:
            raise ValueError(f"d_model {value} is not a multiple of 8")
        self._d_model = value

    @property
    def head_dim(self):
        return self.d_model // Config.heads_for(self.d_model)


c = Config.paper()
print(Config.registered, c.d_model, c.head_dim, Config.heads_for(1024), c.heads_for(256))
c.d_model = 1024
print(c.d_model, c.head_dim, type(c).__name__)
try:
    c.d_model = 100
except ValueError as e:
    print("ValueError:", e)
try:
    c.head_dim = 3
except AttributeError as e:
    print("AttributeError:", e)
try:
    del c.d_model
except AttributeError as e:
    print("AttributeError:", e)
print(type(Config.__dict__["heads_for"]).__name__ if False else "static ok", Config.paper().d_model)


class Sub(Config):
    @classmethod
    def paper(cls):
        base = super().paper()
        return (cls.__name__, base.d_model)


print(Sub.paper(), isinstance(Config.paper(), Config))


class Temperature:
    def __init__(self):
        self._c = 0.0

    def get_c(self):
        return self._c

    def set_c(self, v):
        self._c = float(v)

    def del_c(self):
        print("deleting")
        self._c = None

    celsius = property(get_c, set_c, del_c, "degrees")


t = Temperature()
t.celsius = 21
print(t.celsius, Temperature.celsius.__doc__)
del t.celsius
print(t.celsius)

t.extra = 5
print(hasattr(t, "extra"))
delattr(t, "extra")
print(hasattr(t, "extra"))
try:
    del t.extra
except AttributeError as e:
    print("AttributeError:", e)
try:
    delattr(t, 3)
except TypeError as e:
    print("TypeError:", e)


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    @property
    def n_params(self):
        return sum(p.numel() for p in self.parameters())

    @staticmethod
    def scale(x):
        return x * 2


m = Scaled()
print(m.n_params, Scaled.scale(torch.ones(2)), m.scale(3))
s = staticmethod(len)
print(s([1, 2, 3]))


class Deeper(Sub):
    pass


print(Deeper.paper())
