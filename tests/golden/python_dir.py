# dir(): the sorted names of a learner's own classes and instances (the instance's __dict__, each class's
# namespace, object's attributes), and of the module scope.
class Base:
    kind = "base"

    def hello(self):
        return 1


class Child(Base):
    """A child."""

    def __init__(self):
        self.x = 1
        self._y = 2

    @property
    def p(self):
        return 3

    @staticmethod
    def s():
        return 4


c = Child()
print(dir(c))
print(dir(Child))
print([n for n in dir(c) if not n.startswith("_")])
print(dir(Base()))
c.__dict__["added"] = 0
print([n for n in dir(c) if not n.startswith("__")])
a = 5


def f():
    return a


print(dir())
print(len(dir(object())), dir(object()) == dir(object))
for bad in [lambda: dir(1, 2), lambda: dir(x=1)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
