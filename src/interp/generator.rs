//! Generator functions: a `def` whose body has `yield` returns a generator when called, and the body
//! runs only as items are asked for, up to each `yield`, so a `print` inside it interleaves with the
//! caller's and an endless `while True: yield` costs nothing until consumed.
//!
//! The interpreter walks the AST, so a suspended generator is a path of cursors, one per block it is
//! inside: the statement index, and what that statement needs to go on (a `for` loop's iterator, the
//! branch an `if` took). Resuming walks the path back down to the `yield` and carries on after it.
//! Statements without a `yield` run through the interpreter's ordinary `exec_stmt`. `yield` is
//! supported where learners write it: as a statement (`yield x`, `y = yield x`, `yield from xs`) in the
//! function body, in `for` and `while` loops, `if`/`elif`/`else` branches and `try` bodies; anything
//! else is refused with a clear error when the generator is made.

use std::collections::HashSet;
use std::rc::Rc;

use rustpython_ast::Visitor;
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};

use super::Interpreter;
use super::error::{ExcKind, PyResult, Unwind, exc};
use super::stmt::ScopeRef;
use super::value::{Function, LazyIter, Value};

/// The statements of a generator function's body that contain a `yield` (by address: the body is
/// shared and never moves while the function exists).
#[derive(Debug, Default)]
pub struct YieldSites {
    stmts: HashSet<usize>,
    /// The source offset of a `yield` the tutor cannot suspend at, found when the function is defined
    /// and raised when it is called.
    unsupported_at: Option<usize>,
}

impl YieldSites {
    fn has(&self, stmt: &Stmt) -> bool {
        self.stmts.contains(&(stmt as *const Stmt as usize))
    }
}

/// Finds a `yield` outside nested functions, lambdas and classes (which are their own scopes).
#[derive(Default)]
struct FindYield {
    found: bool,
}

impl Visitor for FindYield {
    fn visit_expr_yield(&mut self, _: ast::ExprYield) {
        self.found = true;
    }
    fn visit_expr_yield_from(&mut self, _: ast::ExprYieldFrom) {
        self.found = true;
    }
    fn visit_stmt_function_def(&mut self, _: ast::StmtFunctionDef) {}
    fn visit_stmt_async_function_def(&mut self, _: ast::StmtAsyncFunctionDef) {}
    fn visit_stmt_class_def(&mut self, _: ast::StmtClassDef) {}
    fn visit_expr_lambda(&mut self, _: ast::ExprLambda) {}
}

fn stmt_yields(stmt: &Stmt) -> bool {
    let mut f = FindYield::default();
    f.visit_stmt(stmt.clone());
    f.found
}

fn expr_yields(e: &Expr) -> bool {
    let mut f = FindYield::default();
    f.visit_expr(e.clone());
    f.found
}

/// The yield sites of a function body, or `None` when it has no `yield` (an ordinary function).
pub fn yield_sites(body: &[Stmt]) -> Option<Rc<YieldSites>> {
    let mut sites = YieldSites::default();
    mark(body, &mut sites);
    if sites.stmts.is_empty() {
        return None;
    }
    sites.unsupported_at = unsupported(body, &sites);
    Some(Rc::new(sites))
}

fn mark(body: &[Stmt], sites: &mut YieldSites) {
    for stmt in body {
        if !stmt_yields(stmt) {
            continue;
        }
        sites.stmts.insert(stmt as *const Stmt as usize);
        match stmt {
            Stmt::For(f) => {
                mark(&f.body, sites);
                mark(&f.orelse, sites);
            }
            Stmt::While(w) => {
                mark(&w.body, sites);
                mark(&w.orelse, sites);
            }
            Stmt::If(i) => {
                mark(&i.body, sites);
                mark(&i.orelse, sites);
            }
            Stmt::Try(t) => {
                mark(&t.body, sites);
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    mark(&h.body, sites);
                }
                mark(&t.orelse, sites);
                mark(&t.finalbody, sites);
            }
            Stmt::With(w) => mark(&w.body, sites),
            _ => {}
        }
    }
}

/// Where a `yield` is that the tutor cannot suspend at, if any: its line offset.
fn unsupported(body: &[Stmt], sites: &YieldSites) -> Option<usize> {
    let at = |e: &dyn Ranged| Some(usize::from(e.range().start()));
    let plain = |body: &[Stmt]| body.iter().find(|s| sites.has(s)).and_then(|s| at(s));
    for stmt in body.iter().filter(|s| sites.has(s)) {
        let bad = match stmt {
            Stmt::Expr(e) => match e.value.as_ref() {
                Expr::Yield(y) if !y.value.as_deref().is_some_and(expr_yields) => None,
                Expr::YieldFrom(y) if !expr_yields(&y.value) => None,
                _ => at(stmt),
            },
            Stmt::Assign(a) => match a.value.as_ref() {
                Expr::Yield(y)
                    if !y.value.as_deref().is_some_and(expr_yields)
                        && !a.targets.iter().any(expr_yields) =>
                {
                    None
                }
                _ => at(stmt),
            },
            Stmt::For(f) if !expr_yields(&f.iter) && !expr_yields(&f.target) => {
                plain(&f.orelse).or_else(|| unsupported(&f.body, sites))
            }
            Stmt::While(w) if !expr_yields(&w.test) => {
                plain(&w.orelse).or_else(|| unsupported(&w.body, sites))
            }
            Stmt::If(i) if !expr_yields(&i.test) => {
                unsupported(&i.body, sites).or_else(|| unsupported(&i.orelse, sites))
            }
            Stmt::Try(t) => t
                .handlers
                .iter()
                .find_map(|h| {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    plain(&h.body)
                })
                .or_else(|| plain(&t.orelse))
                .or_else(|| plain(&t.finalbody))
                .or_else(|| unsupported(&t.body, sites)),
            _ => at(stmt),
        };
        if bad.is_some() {
            return bad;
        }
    }
    None
}

/// What a suspended statement needs to go on.
enum Cursor {
    /// At a `yield` statement itself.
    Here,
    /// In a `for` loop's body, with the loop's iterator.
    For(Value),
    /// In a `while` loop's body.
    While,
    /// In an `if` statement's body (`false`) or its `else` (`true`).
    If(bool),
    /// In a `try` statement's body.
    Try,
    /// Passing on the items of `yield from`'s iterator.
    YieldFrom(Value),
}

struct Pos {
    index: usize,
    cursor: Cursor,
}

enum Step {
    Done,
    Yield(Value),
}

/// A generator: the function's frame (its scope), and where it stopped.
pub struct Generator {
    func: Rc<Function>,
    scope: ScopeRef,
    sites: Rc<YieldSites>,
    path: Vec<Pos>,
    finished: bool,
}

impl Interpreter {
    /// A call of a generator function: its arguments are bound in `scope`, and nothing of the body runs.
    pub(super) fn make_generator(
        &mut self,
        f: &Rc<Function>,
        sites: &Rc<YieldSites>,
        scope: ScopeRef,
    ) -> PyResult<Value> {
        if let Some(offset) = sites.unsupported_at {
            let line = f.line_index.line_of(offset);
            return Err(exc(
                ExcKind::NotImplementedError,
                format!(
                    "{}() (line {line}): the tutor runs `yield` as a statement of its own (`yield x`, `y = yield x`, `yield from xs`) in a function body, a loop body, an if/else branch or a try body; this one is elsewhere",
                    f.name
                ),
            ));
        }
        let generator = Generator {
            func: Rc::clone(f),
            scope,
            sites: Rc::clone(sites),
            path: Vec::new(),
            finished: false,
        };
        Ok(Value::lazy(generator))
    }
}

impl LazyIter for Generator {
    fn type_name(&self) -> &'static str {
        "generator"
    }

    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        if self.finished {
            return Ok(None);
        }
        interp.check_depth()?;
        interp.push_frame(&self.func);
        let body = Rc::clone(&self.func.body);
        let result = self.block(interp, &body, 0);
        interp.frames.pop();
        match result {
            Ok(Step::Yield(v)) => Ok(Some(v)),
            Ok(Step::Done) | Err(Unwind::Return(_)) | Err(Unwind::Break | Unwind::Continue) => {
                self.finish();
                Ok(None)
            }
            Err(Unwind::Exception(e)) => {
                self.finish();
                // PEP 479: a StopIteration escaping the body would silently end the caller's loop.
                if e.kind == ExcKind::StopIteration {
                    return Err(exc(ExcKind::RuntimeError, "generator raised StopIteration"));
                }
                Err(Unwind::Exception(e))
            }
        }
    }
}

impl Generator {
    fn finish(&mut self) {
        self.finished = true;
        self.path.clear();
    }

    /// Runs `body` (at nesting `depth`) from where the path says, or from its start.
    fn block(&mut self, interp: &mut Interpreter, body: &[Stmt], depth: usize) -> PyResult<Step> {
        let mut resuming = self.path.len() > depth;
        let mut i = if resuming { self.path[depth].index } else { 0 };
        while let Some(stmt) = body.get(i) {
            let step = if resuming {
                resuming = false;
                self.resume(interp, stmt, depth)
                    .map_err(|u| interp.record_frame(u, stmt))?
            } else if !self.sites.has(stmt) {
                interp.exec_stmt(stmt, &self.scope)?;
                Step::Done
            } else {
                interp.current_offset = usize::from(stmt.range().start());
                interp.tick()?;
                self.path.truncate(depth);
                self.path.push(Pos {
                    index: i,
                    cursor: Cursor::Here,
                });
                self.start(interp, stmt, depth)
                    .map_err(|u| interp.record_frame(u, stmt))?
            };
            if let Step::Yield(v) = step {
                return Ok(Step::Yield(v));
            }
            self.path.truncate(depth);
            i += 1;
        }
        Ok(Step::Done)
    }

    fn set_cursor(&mut self, depth: usize, cursor: Cursor) {
        if let Some(pos) = self.path.get_mut(depth) {
            pos.cursor = cursor;
        }
    }

    fn cursor(&self, depth: usize) -> Option<&Cursor> {
        self.path.get(depth).map(|p| &p.cursor)
    }

    /// A statement with a `yield` in it, entered afresh.
    fn start(&mut self, interp: &mut Interpreter, stmt: &Stmt, depth: usize) -> PyResult<Step> {
        let scope = Rc::clone(&self.scope);
        match stmt {
            Stmt::Expr(ast::StmtExpr { value, .. })
            | Stmt::Assign(ast::StmtAssign { value, .. }) => match value.as_ref() {
                Expr::Yield(y) => {
                    let v = match &y.value {
                        Some(e) => interp.eval(e, &scope)?,
                        None => Value::None,
                    };
                    Ok(Step::Yield(v))
                }
                Expr::YieldFrom(y) => {
                    let source = interp.eval(&y.value, &scope)?;
                    let it = interp.iter(&source)?;
                    self.set_cursor(depth, Cursor::YieldFrom(it));
                    self.yield_from(interp, depth)
                }
                _ => Err(not_here()),
            },
            Stmt::For(f) => {
                let source = interp.eval(&f.iter, &scope)?;
                let it = interp.iter(&source)?;
                self.set_cursor(depth, Cursor::For(it));
                self.run_for(interp, f, depth, false)
            }
            Stmt::While(w) => {
                self.set_cursor(depth, Cursor::While);
                self.run_while(interp, w, depth, false)
            }
            Stmt::If(s) => {
                let test = interp.eval(&s.test, &scope)?;
                let orelse = !interp.truthy(&test)?;
                self.set_cursor(depth, Cursor::If(orelse));
                self.block(interp, if orelse { &s.orelse } else { &s.body }, depth + 1)
            }
            Stmt::Try(t) => {
                self.set_cursor(depth, Cursor::Try);
                self.run_try(interp, t, depth)
            }
            _ => Err(not_here()),
        }
    }

    /// A statement the generator stopped inside, gone on with.
    fn resume(&mut self, interp: &mut Interpreter, stmt: &Stmt, depth: usize) -> PyResult<Step> {
        match (self.cursor(depth), stmt) {
            (Some(Cursor::Here), Stmt::Assign(a)) => {
                // `y = yield x`: what `next()` sends is None.
                for target in &a.targets {
                    interp.assign(target, Value::None, &self.scope)?;
                }
                Ok(Step::Done)
            }
            (Some(Cursor::Here), _) => Ok(Step::Done),
            (Some(Cursor::YieldFrom(_)), _) => self.yield_from(interp, depth),
            (Some(Cursor::For(_)), Stmt::For(f)) => self.run_for(interp, f, depth, true),
            (Some(Cursor::While), Stmt::While(w)) => self.run_while(interp, w, depth, true),
            (Some(Cursor::If(orelse)), Stmt::If(s)) => {
                let body = if *orelse { &s.orelse } else { &s.body };
                self.block(interp, body, depth + 1)
            }
            (Some(Cursor::Try), Stmt::Try(t)) => self.run_try(interp, t, depth),
            _ => Err(not_here()),
        }
    }

    fn yield_from(&mut self, interp: &mut Interpreter, depth: usize) -> PyResult<Step> {
        let Some(Cursor::YieldFrom(it)) = self.cursor(depth) else {
            return Err(not_here());
        };
        let it = it.clone();
        Ok(match interp.next(&it)? {
            Some(v) => Step::Yield(v),
            None => Step::Done,
        })
    }

    fn run_for(
        &mut self,
        interp: &mut Interpreter,
        f: &ast::StmtFor,
        depth: usize,
        mut resuming: bool,
    ) -> PyResult<Step> {
        let Some(Cursor::For(it)) = self.cursor(depth) else {
            return Err(not_here());
        };
        let it = it.clone();
        loop {
            if !resuming {
                interp.tick()?;
                match interp.next(&it)? {
                    Some(item) => interp.assign(&f.target, item, &self.scope)?,
                    None => {
                        interp.exec_block(&f.orelse, &self.scope)?;
                        return Ok(Step::Done);
                    }
                }
            }
            resuming = false;
            if let Some(stop) = self.loop_pass(interp, &f.body, depth)? {
                return Ok(stop);
            }
        }
    }

    fn run_while(
        &mut self,
        interp: &mut Interpreter,
        w: &ast::StmtWhile,
        depth: usize,
        mut resuming: bool,
    ) -> PyResult<Step> {
        loop {
            if !resuming {
                interp.tick()?;
                let test = interp.eval(&w.test, &self.scope)?;
                if !interp.truthy(&test)? {
                    interp.exec_block(&w.orelse, &self.scope)?;
                    return Ok(Step::Done);
                }
            }
            resuming = false;
            if let Some(stop) = self.loop_pass(interp, &w.body, depth)? {
                return Ok(stop);
            }
        }
    }

    /// One pass through the body of the loop at `depth`: `Some` when the loop stops there (at a
    /// `yield`, or `break`), `None` when it goes round again (the body ran out, or `continue`).
    fn loop_pass(
        &mut self,
        interp: &mut Interpreter,
        body: &[Stmt],
        depth: usize,
    ) -> PyResult<Option<Step>> {
        match self.block(interp, body, depth + 1) {
            Ok(Step::Yield(v)) => Ok(Some(Step::Yield(v))),
            Ok(Step::Done) | Err(Unwind::Continue) => {
                self.path.truncate(depth + 1);
                Ok(None)
            }
            Err(Unwind::Break) => {
                self.path.truncate(depth + 1);
                Ok(Some(Step::Done))
            }
            Err(e) => Err(e),
        }
    }

    fn run_try(
        &mut self,
        interp: &mut Interpreter,
        t: &ast::StmtTry,
        depth: usize,
    ) -> PyResult<Step> {
        let result = match self.block(interp, &t.body, depth + 1) {
            Ok(Step::Yield(v)) => return Ok(Step::Yield(v)),
            Ok(Step::Done) => Ok(()),
            Err(e) => Err(e),
        };
        self.path.truncate(depth + 1);
        interp.finish_try(t, &self.scope, result)?;
        Ok(Step::Done)
    }
}

/// A path that does not fit the body (cannot happen: the body is checked when the generator is made).
fn not_here() -> Unwind {
    exc(
        ExcKind::RuntimeError,
        "internal: a generator lost its place in its body",
    )
}

/// A generator expression, run lazily as Python runs it: the outermost iterable is evaluated when the
/// expression is, everything else (inner loops, conditions, the element) as items are asked for, so
/// `any(check(x) for x in xs)` stops at the first true one.
pub struct GenExp {
    node: Rc<ast::ExprGeneratorExp>,
    scope: ScopeRef,
    /// One iterator per `for` clause entered so far.
    iters: Vec<Value>,
    finished: bool,
}

impl Interpreter {
    pub(super) fn make_gen_exp(
        &mut self,
        node: &ast::ExprGeneratorExp,
        scope: &ScopeRef,
    ) -> PyResult<Value> {
        let inner = self.comp_scope(scope);
        let first = match node.generators.first() {
            Some(g) => {
                let source = self.eval(&g.iter, scope)?;
                vec![self.iter(&source)?]
            }
            None => Vec::new(),
        };
        let gen_exp = GenExp {
            node: Rc::new(node.clone()),
            scope: inner,
            iters: first,
            finished: false,
        };
        Ok(Value::lazy(gen_exp))
    }
}

impl LazyIter for GenExp {
    fn type_name(&self) -> &'static str {
        "generator"
    }

    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        if self.finished {
            return Ok(None);
        }
        let result = self.advance(interp);
        if !matches!(result, Ok(Some(_))) {
            self.finished = true;
            self.iters.clear();
        }
        result
    }
}

impl GenExp {
    fn advance(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        let node = Rc::clone(&self.node);
        let scope = Rc::clone(&self.scope);
        'items: while let Some(it) = self.iters.last().cloned() {
            let level = self.iters.len() - 1;
            let Some(g) = node.generators.get(level) else {
                return Ok(None);
            };
            let Some(item) = interp.next(&it)? else {
                self.iters.pop();
                continue;
            };
            interp.tick()?;
            interp.assign(&g.target, item, &scope)?;
            for cond in &g.ifs {
                let c = interp.eval(cond, &scope)?;
                if !interp.truthy(&c)? {
                    continue 'items;
                }
            }
            match node.generators.get(level + 1) {
                None => return interp.eval(&node.elt, &scope).map(Some),
                Some(next) => {
                    let source = interp.eval(&next.iter, &scope)?;
                    let inner = interp.iter(&source)?;
                    self.iters.push(inner);
                }
            }
        }
        Ok(None)
    }
}
