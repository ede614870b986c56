# functions: defaults, keywords, *args, **kwargs, closures, lambdas, recursion

def add(a, b=10):
    return a + b

print(add(1), add(1, 2), add(b=5, a=1))

def describe(name, *args, **kwargs):
    print(name, args, kwargs)

describe("x")
describe("y", 1, 2)
describe("z", 1, key="v", other=3)

def total(*nums):
    s = 0
    for n in nums:
        s += n
    return s

print(total(), total(1, 2, 3))
values = [4, 5, 6]
print(total(*values))
opts = {"a": 1, "b": 2}
print(add(**opts))

# multiple return values
def min_max(xs):
    return min(xs), max(xs)

lo, hi = min_max([3, 1, 4, 1, 5])
print(lo, hi, min_max([2]))

# closures
def make_counter():
    count = [0]
    def inc():
        count[0] += 1
        return count[0]
    return inc

c = make_counter()
c()
c()
print(c())

def make_scaler(factor):
    def scale(x):
        return x * factor
    return scale

double = make_scaler(2)
triple = make_scaler(3)
print(double(5), triple(5))

# lambdas
square = lambda x: x * x
print(square(7))
print(sorted([3, -1, 2], key=lambda v: abs(v)))
pairs = [(1, "b"), (0, "c"), (2, "a")]
print(sorted(pairs, key=lambda p: p[1]))
print(list(map(lambda x: x + 1, [1, 2, 3])))
print(list(filter(lambda x: x % 2 == 0, range(7))))

# recursion
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

print(fact(10), [fib(i) for i in range(10)])

# functions are values
ops = {"add": add, "sq": square}
print(ops["add"](2, 3), ops["sq"](4))

def apply_twice(f, x):
    return f(f(x))

print(apply_twice(double, 3))

# a function with no return gives None
def nothing():
    pass

print(nothing())

# a simple global
counter = 0
def bump():
    global counter
    counter += 1

bump()
bump()
print(counter)

# keyword-only after *args
def join_all(*parts, sep="-"):
    return sep.join(parts)

print(join_all("a", "b", "c"), join_all("a", "b", sep="+"))
