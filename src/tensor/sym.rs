//! Symbolic sizes: what a size *is* (`sl`, `2*hid_dim`, `hid_dim/n_heads`, `sl + 1`), carried next to its value.
//!
//! A lesson binds its dims as integers that remember their name; arithmetic on them keeps a symbolic form, and
//! tensors keep one symbol per axis ([`Axes`]), moved by each op with PyTorch's own shape rules. A size whose
//! symbol is unknown has none: nothing here ever guesses a symbol from a value.
//!
//! A symbol is a Laurent polynomial with rational coefficients over named atoms (`hid_dim/n_heads` is
//! `hid_dim * n_heads^-1`), kept in one canonical form, so two symbols are equal exactly when their forms are.
//! A plain constant is a polynomial too (`randn(2, 3)` has axes 2 and 3 at every size).

use std::fmt;
use std::rc::Rc;

/// A product of atoms with non-zero exponents, sorted by name.
type Monomial = Vec<(Rc<str>, i32)>;

/// A rational coefficient in lowest terms with a positive denominator (`d_model/2` has 1/2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ratio {
    pub num: i64,
    pub den: i64,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    const ZERO: Ratio = Ratio { num: 0, den: 1 };
    const ONE: Ratio = Ratio { num: 1, den: 1 };

    fn int(n: i64) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// `num/den` reduced; `None` when it does not fit (sizes never get there).
    fn new(num: i128, den: i128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            (n, d) = (-n, -d);
        }
        Some(Ratio {
            num: i64::try_from(n).ok()?,
            den: i64::try_from(d).ok()?,
        })
    }

    fn add(self, o: Ratio) -> Option<Ratio> {
        Ratio::new(
            self.num as i128 * o.den as i128 + o.num as i128 * self.den as i128,
            self.den as i128 * o.den as i128,
        )
    }

    fn mul(self, o: Ratio) -> Option<Ratio> {
        Ratio::new(
            self.num as i128 * o.num as i128,
            self.den as i128 * o.den as i128,
        )
    }

    fn div(self, o: Ratio) -> Option<Ratio> {
        Ratio::new(
            self.num as i128 * o.den as i128,
            self.den as i128 * o.num as i128,
        )
    }
}

/// A symbolic size; cheap to clone.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Sym(Rc<[(Monomial, Ratio)]>);

thread_local! {
    /// The parts of each mixed axis (see [`Sym::mixed`]).
    static MIXED: std::cell::RefCell<Vec<Vec<Sym>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// One optional symbol per axis of a tensor or `torch.Size`; `None` when no axis has one.
pub type Axes = Option<Rc<[Option<Sym>]>>;

impl Sym {
    /// The named size `name`.
    pub fn atom(name: &str) -> Sym {
        Sym(Rc::from(vec![(vec![(Rc::from(name), 1)], Ratio::ONE)]))
    }

    /// A size nothing is known about (the length of a list, a size read from an axis no op named): a fresh
    /// atom equal only to itself, so arithmetic stays honest (`n - n` is 0, `n - m` is not), and never shown
    /// or used as a name ([`Sym::is_opaque`]).
    pub fn unknown() -> Sym {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        Sym::atom(&format!("?{n}"))
    }

    /// An axis made by a view that scrambled `parts` (see [`view`]): never shown as a name; the parts name
    /// what was mixed. `None`-like (an unknown) once too many have been made.
    pub fn mixed(parts: Vec<Sym>) -> Option<Sym> {
        MIXED.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() >= 10_000 {
                return None;
            }
            m.push(parts);
            Some(Sym::atom(&format!("!{}", m.len() - 1)))
        })
    }

    /// The input axes a scrambling view mixed into this axis (see [`Sym::mixed`]).
    pub fn mixed_parts(&self) -> Option<Vec<Sym>> {
        let name = self.as_atom()?;
        let id: usize = name.strip_prefix('!')?.parse().ok()?;
        MIXED.with(|m| m.borrow().get(id).cloned())
    }

    /// Whether the symbol involves a size nothing is known about.
    pub fn is_opaque(&self) -> bool {
        self.0.iter().any(|(m, _)| {
            m.iter()
                .any(|(name, _)| name.starts_with('?') || name.starts_with('!'))
        })
    }

    pub fn constant(n: i64) -> Sym {
        Sym::from_terms(vec![(Vec::new(), Ratio::int(n))]).unwrap_or_else(Sym::unknown)
    }

    fn from_terms(mut terms: Vec<(Monomial, Ratio)>) -> Option<Sym> {
        terms.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: Vec<(Monomial, Ratio)> = Vec::with_capacity(terms.len());
        for (m, c) in terms {
            match out.last_mut() {
                Some((lm, lc)) if *lm == m => *lc = lc.add(c)?,
                _ => out.push((m, c)),
            }
        }
        out.retain(|(_, c)| *c != Ratio::ZERO);
        Some(Sym(Rc::from(out)))
    }

    /// The value when the symbol names no atom and is a whole number.
    pub fn as_constant(&self) -> Option<i64> {
        match &*self.0 {
            [] => Some(0),
            [(m, c)] if m.is_empty() && c.den == 1 => Some(c.num),
            _ => None,
        }
    }

    /// Each term as its atoms (a symbol with coefficient 1) and its coefficient, constant term last.
    pub fn split_terms(&self) -> Vec<(Sym, Ratio)> {
        let mut v: Vec<(Sym, Ratio)> = self
            .0
            .iter()
            .map(|(m, c)| (Sym(Rc::from(vec![(m.clone(), Ratio::ONE)])), *c))
            .collect();
        v.sort_by_key(|(m, _)| m.0.iter().all(|(atoms, _)| atoms.is_empty()));
        v
    }

    /// The atoms of a single term with their exponents (`[("hid_dim", 1), ("n_heads", -1)]`).
    pub fn atoms(&self) -> Vec<(Rc<str>, i32)> {
        match &*self.0 {
            [(m, _)] => m.clone(),
            _ => Vec::new(),
        }
    }

    /// Whether every exponent is positive (a plain product of atoms, no division by a size).
    pub fn is_product(&self) -> bool {
        self.0.iter().all(|(m, _)| m.iter().all(|(_, e)| *e > 0))
    }

    /// The atom's name when the symbol is exactly one atom.
    pub fn as_atom(&self) -> Option<&str> {
        match &*self.0 {
            [(m, c)] if *c == Ratio::ONE => match m.as_slice() {
                [(name, 1)] => Some(name),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn add(&self, other: &Sym) -> Sym {
        Sym::from_terms(self.0.iter().chain(other.0.iter()).cloned().collect())
            .unwrap_or_else(Sym::unknown)
    }

    pub fn neg(&self) -> Sym {
        Sym::from_terms(
            self.0
                .iter()
                .map(|(m, c)| {
                    (
                        m.clone(),
                        Ratio {
                            num: -c.num,
                            den: c.den,
                        },
                    )
                })
                .collect(),
        )
        .unwrap_or_else(Sym::unknown)
    }

    pub fn sub(&self, other: &Sym) -> Sym {
        self.add(&other.neg())
    }

    /// The product; `None` if a coefficient overflows.
    pub fn mul(&self, other: &Sym) -> Option<Sym> {
        let mut terms = Vec::with_capacity(self.0.len() * other.0.len());
        for (ma, ca) in self.0.iter() {
            for (mb, cb) in other.0.iter() {
                terms.push((mul_monomials(ma, mb, 1), ca.mul(*cb)?));
            }
        }
        Sym::from_terms(terms)
    }

    /// The quotient by a single term (`hid_dim // n_heads`, `d_model // 2`), for a division the values
    /// show exact; `None` when the divisor is a sum or zero.
    pub fn div_exact(&self, divisor: &Sym) -> Option<Sym> {
        let [(dm, dc)] = &*divisor.0 else {
            return None;
        };
        let mut terms = Vec::with_capacity(self.0.len());
        for (m, c) in self.0.iter() {
            terms.push((mul_monomials(m, dm, -1), c.div(*dc)?));
        }
        Sym::from_terms(terms)
    }

    /// The product of many symbols; `None` for an unknown factor or an overflow.
    pub fn product<'a>(syms: impl IntoIterator<Item = Option<&'a Sym>>) -> Option<Sym> {
        let mut acc = Sym::constant(1);
        for s in syms {
            acc = acc.mul(s?)?;
        }
        Some(acc)
    }
}

/// `a * b^sign` for monomials in canonical form.
fn mul_monomials(a: &Monomial, b: &[(Rc<str>, i32)], sign: i32) -> Monomial {
    let mut out: Monomial = a.clone();
    for (name, e) in b {
        match out.binary_search_by(|(n, _)| n.as_ref().cmp(name.as_ref())) {
            Ok(i) => {
                out[i].1 += sign * e;
                if out[i].1 == 0 {
                    out.remove(i);
                }
            }
            Err(i) => out.insert(i, (name.clone(), sign * e)),
        }
    }
    out
}

/// Writes one term with its coefficient's size: `hid_dim`, `2*hid_dim`, `bs*sl`, `hid_dim/n_heads`,
/// `d_model/2`, `3/2`.
pub fn write_term(
    out: &mut String,
    c: Ratio,
    atoms: &[(Rc<str>, i32)],
    name: &dyn Fn(&str) -> String,
) {
    let num = c.num.unsigned_abs();
    let ups: Vec<String> = atoms
        .iter()
        .filter(|(_, e)| *e > 0)
        .flat_map(|(n, e)| std::iter::repeat_n(name(n), *e as usize))
        .collect();
    let downs: Vec<String> = atoms
        .iter()
        .filter(|(_, e)| *e < 0)
        .flat_map(|(n, e)| std::iter::repeat_n(name(n), e.unsigned_abs() as usize))
        .collect();
    let mut top = Vec::new();
    if num != 1 || ups.is_empty() {
        top.push(num.to_string());
    }
    top.extend(ups);
    out.push_str(&top.join("*"));
    if c.den != 1 {
        out.push_str(&format!("/{}", c.den));
    }
    for d in downs {
        out.push('/');
        out.push_str(&d);
    }
}

impl fmt::Display for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("0");
        }
        let mut out = String::new();
        for (i, (mono, c)) in self.split_terms().into_iter().enumerate() {
            if i > 0 {
                out.push_str(if c.num < 0 { " - " } else { " + " });
            } else if c.num < 0 {
                out.push('-');
            }
            write_term(&mut out, c, &mono.atoms(), &|n: &str| n.to_string());
        }
        f.write_str(&out)
    }
}

impl fmt::Debug for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sym({self})")
    }
}

/// Axes from a list of optional symbols; `None` when none names a size (only constants and unknowns:
/// a tensor made from literals shows its numbers either way, and carrying nothing keeps plain scripts fast).
pub fn axes(syms: Vec<Option<Sym>>) -> Axes {
    if syms
        .iter()
        .all(|s| s.as_ref().is_none_or(|s| s.as_constant().is_some()))
    {
        None
    } else {
        Some(Rc::from(syms))
    }
}

/// The symbol of axis `i` (none when the axes are unknown).
pub fn axis(a: &Axes, i: usize) -> Option<Sym> {
    a.as_ref().and_then(|s| s.get(i).cloned().flatten())
}

/// The axes as a vector of `n` entries (all `None` when unknown).
pub fn axes_vec(a: &Axes, n: usize) -> Vec<Option<Sym>> {
    match a {
        Some(s) if s.len() == n => s.to_vec(),
        _ => vec![None; n],
    }
}

// ---- shape rules: how ops move, drop, insert and combine axes (PyTorch's own rules) -------------------

/// Two proofs of one axis: the same symbol, or the one that is known; `None` when they disagree.
pub fn merge(a: Option<Sym>, b: Option<Sym>) -> Option<Sym> {
    match (a, b) {
        (Some(a), Some(b)) => (a == b).then_some(a),
        (a, None) => a,
        (None, b) => b,
    }
}

/// `view`/`reshape`: each axis is its argument's symbol; the inferred one (`-1`, at `infer`) is the one that
/// balances the product. `args` holds one entry per output axis.
///
/// Where the input and output axes group into runs of equal product (`[bs | sl, hid_dim]` →
/// `[bs | sl, n_heads, head_dim]`), a run that both merges and splits (`[n_heads, sl, head_dim]` →
/// `[sl, hid_dim]`: heads merged without transposing back) scrambles its elements: its output axes are
/// marked [`Sym::mixed`] with the input axes it mixed, whatever the arguments call them.
pub fn view(in_axes: &Axes, in_ndim: usize, args: &[Option<Sym>], infer: Option<usize>) -> Axes {
    let mut out: Vec<Option<Sym>> = args.to_vec();
    let ins = axes_vec(in_axes, in_ndim);
    if let Some(k) = infer
        && k < out.len()
    {
        let total = Sym::product(ins.iter().map(Option::as_ref));
        let others = Sym::product(
            out.iter()
                .enumerate()
                .filter(|(i, _)| *i != k)
                .map(|(_, s)| s.as_ref()),
        );
        out[k] = match (total, others) {
            (Some(t), Some(o)) => t.div_exact(&o),
            _ => None,
        };
    }
    mark_mixed(&ins, &mut out);
    axes(out)
}

/// Marks the output axes of a view's scrambling runs (see [`view`]); does nothing unless every axis is known.
fn mark_mixed(ins: &[Option<Sym>], out: &mut [Option<Sym>]) {
    let (Some(ins), Some(outs)) = (
        ins.iter().cloned().collect::<Option<Vec<Sym>>>(),
        out.iter().cloned().collect::<Option<Vec<Sym>>>(),
    ) else {
        return;
    };
    let prefixes = |v: &[Sym]| -> Option<Vec<Sym>> {
        let mut p = vec![Sym::constant(1)];
        for s in v {
            let next = p.last()?.mul(s)?;
            p.push(next);
        }
        Some(p)
    };
    let (Some(pin), Some(pout)) = (prefixes(&ins), prefixes(&outs)) else {
        return;
    };
    // Run boundaries: prefix positions with equal products, paired in order.
    let mut bounds = vec![(0usize, 0usize)];
    let mut b = 0;
    for (a, p) in pin.iter().enumerate().skip(1) {
        if let Some(k) = (b + 1..pout.len()).find(|&k| pout[k] == *p) {
            bounds.push((a, k));
            b = k;
        }
    }
    if bounds.last() != Some(&(ins.len(), outs.len())) {
        return;
    }
    let one = Sym::constant(1);
    for w in bounds.windows(2) {
        let ((a0, b0), (a1, b1)) = (w[0], w[1]);
        let real_in: Vec<Sym> = ins[a0..a1].iter().filter(|s| **s != one).cloned().collect();
        let real_out = outs[b0..b1].iter().filter(|s| **s != one).count();
        if real_in.len() > 1 && real_out > 1 {
            let marker = Sym::mixed(real_in);
            for s in out[b0..b1].iter_mut() {
                if s.as_ref() != Some(&one) {
                    *s = marker.clone();
                }
            }
        }
    }
}

/// The symbols of a size argument: `args` when the call gave sizes with symbols, else each literal size
/// as its constant (`-1` and other negatives have none).
pub fn args_or_literals<'a>(
    args: &'a [Option<Sym>],
    sizes: &[i64],
) -> std::borrow::Cow<'a, [Option<Sym>]> {
    if args.is_empty() {
        std::borrow::Cow::Owned(
            sizes
                .iter()
                .map(|&s| (s >= 0).then(|| Sym::constant(s)))
                .collect(),
        )
    } else {
        std::borrow::Cow::Borrowed(args)
    }
}

/// Axes reordered: output axis `i` is input axis `order[i]` (`permute`, `transpose`).
pub fn permute(a: &Axes, order: &[usize]) -> Axes {
    let v = a.as_ref()?;
    axes(order.iter().map(|&i| v.get(i).cloned().flatten()).collect())
}

/// An axis inserted at `at` (`unsqueeze`: an anonymous 1; `stack`: the number of tensors).
pub fn insert(a: &Axes, ndim: usize, at: usize, sym: Option<Sym>) -> Axes {
    a.as_ref()?;
    let mut v = axes_vec(a, ndim);
    v.insert(at.min(v.len()), sym);
    axes(v)
}

/// The axes whose `gone` flag is false (`squeeze`, integer indexing, reductions without keepdim).
pub fn remove(a: &Axes, gone: &[bool]) -> Axes {
    let v = a.as_ref()?;
    axes(
        v.iter()
            .zip(gone)
            .filter(|(_, g)| !**g)
            .map(|(s, _)| s.clone())
            .collect(),
    )
}

/// Reduced axes dropped, or kept as anonymous 1s with `keepdim`.
pub fn reduce(a: &Axes, reduced: &[bool], keepdim: bool) -> Axes {
    let v = a.as_ref()?;
    if keepdim {
        axes(
            v.iter()
                .zip(reduced)
                .map(|(s, r)| {
                    if *r {
                        Some(Sym::constant(1))
                    } else {
                        s.clone()
                    }
                })
                .collect(),
        )
    } else {
        remove(a, reduced)
    }
}

/// Broadcasting (right-aligned): each output axis is proven by the operands whose size is the output's
/// (a stretched 1 proves nothing); where the output size is 1, a named size beats an anonymous 1.
pub fn broadcast(operands: &[(&Axes, &[usize])], out_shape: &[usize]) -> Axes {
    if operands.iter().all(|(a, _)| a.is_none()) {
        return None;
    }
    let n = out_shape.len();
    let one = Sym::constant(1);
    let mut out = Vec::with_capacity(n);
    for (i, &size) in out_shape.iter().enumerate() {
        let mut acc: Option<Option<Sym>> = None;
        let mut anonymous_one = false;
        for (a, shape) in operands {
            let Some(j) = (i + shape.len()).checked_sub(n) else {
                continue;
            };
            if shape[j] != size {
                continue;
            }
            let s = a.as_ref().and_then(|v| v.get(j).cloned().flatten());
            if s.as_ref() == Some(&one) {
                anonymous_one = true;
                continue;
            }
            acc = Some(match acc {
                None => s,
                Some(prev) => merge(prev, s),
            });
        }
        out.push(match acc {
            Some(s) => s,
            None if anonymous_one => Some(one.clone()),
            None => None,
        });
    }
    axes(out)
}

/// `matmul`'s axes: the batch axes broadcast, then `a`'s rows and `b`'s columns (a 1-D operand has none).
pub fn matmul(a: (&Axes, &[usize]), b: (&Axes, &[usize])) -> Axes {
    let (aa, ash) = a;
    let (ba, bsh) = b;
    if aa.is_none() && ba.is_none() {
        return None;
    }
    let av = axes_vec(aa, ash.len());
    let bv = axes_vec(ba, bsh.len());
    match (ash.len(), bsh.len()) {
        (0, _) | (_, 0) => None,
        (1, 1) => None,
        (1, _) => {
            // [k] @ [..., k, m] -> [..., m]
            let mut out = bv.clone();
            out.remove(bsh.len() - 2);
            axes(out)
        }
        (_, 1) => {
            let mut out = av.clone();
            out.pop();
            axes(out)
        }
        (na, nb) => {
            let ba_shape = &ash[..na - 2];
            let bb_shape = &bsh[..nb - 2];
            let batch_a: Axes = axes(av[..na - 2].to_vec());
            let batch_b: Axes = axes(bv[..nb - 2].to_vec());
            let nbatch = ba_shape.len().max(bb_shape.len());
            let mut batch_shape = vec![1usize; nbatch];
            for (k, d) in batch_shape.iter_mut().enumerate() {
                let x = (k + ba_shape.len())
                    .checked_sub(nbatch)
                    .map(|j| ba_shape[j]);
                let y = (k + bb_shape.len())
                    .checked_sub(nbatch)
                    .map(|j| bb_shape[j]);
                *d = x.unwrap_or(1).max(y.unwrap_or(1));
            }
            let mut out = axes_vec(
                &broadcast(&[(&batch_a, ba_shape), (&batch_b, bb_shape)], &batch_shape),
                nbatch,
            );
            out.push(av[na - 2].clone());
            out.push(bv[nb - 1].clone());
            axes(out)
        }
    }
}

/// The sum of the axes along which tensors are joined (`cat`); `None` if one is unknown.
pub fn sum<'a>(syms: impl IntoIterator<Item = Option<&'a Sym>>) -> Option<Sym> {
    let mut acc = Sym::constant(0);
    for s in syms {
        acc = acc.add(s?);
    }
    Some(acc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_keeps_a_canonical_form() {
        let (hid, heads, sl) = (Sym::atom("hid_dim"), Sym::atom("n_heads"), Sym::atom("sl"));
        let head_dim = hid.div_exact(&heads).unwrap();
        assert_eq!(head_dim.to_string(), "hid_dim/n_heads");
        assert_eq!(head_dim.mul(&heads).unwrap(), hid);
        assert_eq!(sl.add(&Sym::constant(1)).to_string(), "sl + 1");
        assert_eq!(Sym::constant(2).mul(&hid).unwrap().to_string(), "2*hid_dim");
        assert_eq!(sl.sub(&sl).as_constant(), Some(0));
        assert_eq!(
            sl.add(&Sym::constant(1))
                .div_exact(&Sym::constant(2))
                .unwrap()
                .to_string(),
            "sl/2 + 1/2"
        );
        assert_eq!(
            hid.div_exact(&Sym::constant(2)).unwrap().to_string(),
            "hid_dim/2"
        );
        assert_eq!(
            Sym::constant(4)
                .mul(&hid)
                .unwrap()
                .div_exact(&Sym::constant(2))
                .unwrap()
                .to_string(),
            "2*hid_dim"
        );
        assert_eq!(hid.as_atom(), Some("hid_dim"));
        assert_eq!(head_dim.as_atom(), None);
    }
}
