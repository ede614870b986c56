//! `std::sort`, `std::partial_sort` and `std::nth_element` as GCC's libstdc++ implements them
//! (introsort, heap select, introselect; `bits/stl_algo.h` and `bits/stl_heap.h`), step for step.
//! ATen's `topk` runs these on `(value, index)` pairs with a comparator that ignores the index, so
//! which of several equal values it returns first depends on the exact sequence of swaps: the same
//! algorithm gives the same indices. `less` must be a strict weak order.

/// libstdc++'s `_S_threshold`: ranges up to this length are left to insertion sort.
const THRESHOLD: usize = 16;

/// `std::__lg`: the floor of log2 of `n` (n > 0).
fn lg(n: usize) -> usize {
    (usize::BITS - 1 - n.leading_zeros()) as usize
}

/// `std::sort(v.begin(), v.end(), less)`.
pub fn sort<T: Copy>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    let n = v.len();
    if n != 0 {
        introsort_loop(v, 0, n, lg(n) * 2, less);
        final_insertion_sort(v, 0, n, less);
    }
}

/// `std::partial_sort(v.begin(), v.begin() + middle, v.end(), less)`.
pub fn partial_sort<T: Copy>(v: &mut [T], middle: usize, less: &impl Fn(&T, &T) -> bool) {
    let n = v.len();
    partial_sort_range(v, 0, middle.min(n), n, less);
}

/// `std::nth_element(v.begin(), v.begin() + nth, v.end(), less)`.
pub fn nth_element<T: Copy>(v: &mut [T], nth: usize, less: &impl Fn(&T, &T) -> bool) {
    let n = v.len();
    if n == 0 || nth >= n {
        return;
    }
    introselect(v, 0, nth, n, lg(n) * 2, less);
}

fn move_median_to_first<T: Copy>(
    v: &mut [T],
    result: usize,
    a: usize,
    b: usize,
    c: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    if less(&v[a], &v[b]) {
        if less(&v[b], &v[c]) {
            v.swap(result, b);
        } else if less(&v[a], &v[c]) {
            v.swap(result, c);
        } else {
            v.swap(result, a);
        }
    } else if less(&v[a], &v[c]) {
        v.swap(result, a);
    } else if less(&v[b], &v[c]) {
        v.swap(result, c);
    } else {
        v.swap(result, b);
    }
}

/// Hoare partition of `[first, last)` around `v[pivot]` (which lies before `first`); unguarded, as
/// the median-of-three pivot guarantees an element on each side that stops the scans.
fn unguarded_partition<T: Copy>(
    v: &mut [T],
    mut first: usize,
    mut last: usize,
    pivot: usize,
    less: &impl Fn(&T, &T) -> bool,
) -> usize {
    loop {
        while first < v.len() && less(&v[first], &v[pivot]) {
            first += 1;
        }
        last -= 1;
        while last > 0 && less(&v[pivot], &v[last]) {
            last -= 1;
        }
        if first >= last {
            return first;
        }
        v.swap(first, last);
        first += 1;
    }
}

fn unguarded_partition_pivot<T: Copy>(
    v: &mut [T],
    first: usize,
    last: usize,
    less: &impl Fn(&T, &T) -> bool,
) -> usize {
    let mid = first + (last - first) / 2;
    move_median_to_first(v, first, first + 1, mid, last - 1, less);
    unguarded_partition(v, first + 1, last, first, less)
}

/// `__push_heap`: moves `value` up from `hole` towards `top` in the heap starting at `first`.
fn push_heap<T: Copy>(
    v: &mut [T],
    first: usize,
    mut hole: isize,
    top: isize,
    value: T,
    less: &impl Fn(&T, &T) -> bool,
) {
    let mut parent = (hole - 1) / 2;
    while hole > top && less(&v[first + parent as usize], &value) {
        v[first + hole as usize] = v[first + parent as usize];
        hole = parent;
        parent = (hole - 1) / 2;
    }
    v[first + hole as usize] = value;
}

fn adjust_heap<T: Copy>(
    v: &mut [T],
    first: usize,
    mut hole: isize,
    len: isize,
    value: T,
    less: &impl Fn(&T, &T) -> bool,
) {
    let top = hole;
    let mut second = hole;
    while second < (len - 1) / 2 {
        second = 2 * (second + 1);
        if less(&v[first + second as usize], &v[first + second as usize - 1]) {
            second -= 1;
        }
        v[first + hole as usize] = v[first + second as usize];
        hole = second;
    }
    if len & 1 == 0 && second == (len - 2) / 2 {
        second = 2 * (second + 1);
        v[first + hole as usize] = v[first + second as usize - 1];
        hole = second - 1;
    }
    push_heap(v, first, hole, top, value, less);
}

fn pop_heap<T: Copy>(
    v: &mut [T],
    first: usize,
    last: usize,
    result: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    let value = v[result];
    v[result] = v[first];
    adjust_heap(v, first, 0, (last - first) as isize, value, less);
}

fn make_heap<T: Copy>(v: &mut [T], first: usize, last: usize, less: &impl Fn(&T, &T) -> bool) {
    if last - first < 2 {
        return;
    }
    let len = (last - first) as isize;
    let mut parent = (len - 2) / 2;
    loop {
        let value = v[first + parent as usize];
        adjust_heap(v, first, parent, len, value, less);
        if parent == 0 {
            return;
        }
        parent -= 1;
    }
}

fn heap_select<T: Copy>(
    v: &mut [T],
    first: usize,
    middle: usize,
    last: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    make_heap(v, first, middle, less);
    for i in middle..last {
        if less(&v[i], &v[first]) {
            pop_heap(v, first, middle, i, less);
        }
    }
}

fn sort_heap<T: Copy>(v: &mut [T], first: usize, mut last: usize, less: &impl Fn(&T, &T) -> bool) {
    while last - first > 1 {
        last -= 1;
        pop_heap(v, first, last, last, less);
    }
}

fn partial_sort_range<T: Copy>(
    v: &mut [T],
    first: usize,
    middle: usize,
    last: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    heap_select(v, first, middle, last, less);
    sort_heap(v, first, middle, less);
}

/// Shifts `v[last]` down into the sorted run before it; unguarded (something before it is not
/// greater), but stopped at the slice's start all the same.
fn unguarded_linear_insert<T: Copy>(v: &mut [T], mut last: usize, less: &impl Fn(&T, &T) -> bool) {
    let val = v[last];
    while last > 0 && less(&val, &v[last - 1]) {
        v[last] = v[last - 1];
        last -= 1;
    }
    v[last] = val;
}

fn insertion_sort<T: Copy>(v: &mut [T], first: usize, last: usize, less: &impl Fn(&T, &T) -> bool) {
    if first == last {
        return;
    }
    for i in first + 1..last {
        if less(&v[i], &v[first]) {
            let val = v[i];
            v.copy_within(first..i, first + 1);
            v[first] = val;
        } else {
            unguarded_linear_insert(v, i, less);
        }
    }
}

fn final_insertion_sort<T: Copy>(
    v: &mut [T],
    first: usize,
    last: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    if last - first > THRESHOLD {
        insertion_sort(v, first, first + THRESHOLD, less);
        for i in first + THRESHOLD..last {
            unguarded_linear_insert(v, i, less);
        }
    } else {
        insertion_sort(v, first, last, less);
    }
}

fn introsort_loop<T: Copy>(
    v: &mut [T],
    first: usize,
    mut last: usize,
    mut depth: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    while last - first > THRESHOLD {
        if depth == 0 {
            partial_sort_range(v, first, last, last, less);
            return;
        }
        depth -= 1;
        let cut = unguarded_partition_pivot(v, first, last, less);
        introsort_loop(v, cut, last, depth, less);
        last = cut;
    }
}

fn introselect<T: Copy>(
    v: &mut [T],
    mut first: usize,
    nth: usize,
    mut last: usize,
    mut depth: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    while last - first > 3 {
        if depth == 0 {
            heap_select(v, first, nth + 1, last, less);
            v.swap(first, nth);
            return;
        }
        depth -= 1;
        let cut = unguarded_partition_pivot(v, first, last, less);
        if cut <= nth {
            first = cut;
        } else {
            last = cut;
        }
    }
    insertion_sort(v, first, last, less);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn less(a: &(i32, usize), b: &(i32, usize)) -> bool {
        a.0 < b.0
    }

    #[test]
    fn sorts_and_selects_like_a_sort() {
        let mut seed = 7u64;
        for n in [0usize, 1, 2, 3, 5, 16, 17, 40, 200] {
            let mut v: Vec<(i32, usize)> = (0..n)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    (((seed >> 33) % 7) as i32, i)
                })
                .collect();
            let mut want: Vec<i32> = v.iter().map(|p| p.0).collect();
            want.sort();
            let mut s = v.clone();
            sort(&mut s, &less);
            assert_eq!(s.iter().map(|p| p.0).collect::<Vec<_>>(), want);
            let k = n / 3;
            let mut p = v.clone();
            partial_sort(&mut p, k, &less);
            assert_eq!(p[..k].iter().map(|p| p.0).collect::<Vec<_>>(), want[..k]);
            if n > 0 {
                nth_element(&mut v, k, &less);
                assert_eq!(v[k].0, want[k]);
                assert!(v[..k].iter().all(|p| p.0 <= want[k]));
                assert!(v[k + 1..].iter().all(|p| p.0 >= want[k]));
            }
        }
    }
}
