# classes: __init__, methods, attributes, inheritance, super(), class attributes, __call__

class Animal:
    kind = "animal"

    def __init__(self, name, legs=4):
        self.name = name
        self.legs = legs

    def speak(self):
        return self.name + " makes a sound"

    def describe(self):
        return f"{self.name} ({self.kind}) has {self.legs} legs"


class Dog(Animal):
    kind = "dog"

    def __init__(self, name):
        super().__init__(name, legs=4)
        self.tricks = []

    def speak(self):
        return self.name + " says woof"

    def learn(self, trick):
        self.tricks.append(trick)
        return self


class Bird(Animal):
    def __init__(self, name):
        super().__init__(name, 2)


a = Animal("generic")
d = Dog("Rex")
b = Bird("Tweety")
for x in [a, d, b]:
    print(x.speak())
    print(x.describe())

d.learn("sit").learn("roll")
print(d.tricks)
print(isinstance(d, Dog), isinstance(d, Animal), isinstance(b, Dog))
print(issubclass(Dog, Animal))
print(type(d).__name__, Dog.kind, Animal.kind)

# attributes can be added and changed
d.age = 3
d.legs = 3
print(d.age, d.legs)
print(hasattr(d, "age"), hasattr(d, "color"))
print(getattr(d, "name"), getattr(d, "color", "unknown"))
setattr(d, "color", "brown")
print(d.color)

# __call__ makes instances callable
class Scale:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, x):
        return x * self.factor

s = Scale(3)
print(s(4), s(2.5))

# an object without nn.Module that forwards through __call__
class Attention:
    def __init__(self, scale):
        self.scale = scale

    def forward(self, q, k):
        return q * k / self.scale

    def __call__(self, q, k):
        return self.forward(q, k)

att = Attention(2.0)
print(att(3.0, 4.0))

# class attribute shared, instance attribute shadows
class Counter:
    created = 0

    def __init__(self):
        Counter.created += 1
        self.value = 0

    def inc(self, by=1):
        self.value += by
        return self.value

c1 = Counter()
c2 = Counter()
c1.inc()
c1.inc(5)
print(c1.value, c2.value, Counter.created)

# staticmethod-free helper: methods calling methods
class Stack:
    def __init__(self):
        self.items = []

    def push(self, x):
        self.items.append(x)

    def pop(self):
        return self.items.pop()

    def size(self):
        return len(self.items)

st = Stack()
for v in [1, 2, 3]:
    st.push(v)
print(st.pop(), st.size(), st.items)
