#!/usr/bin/env python3
"""How much telling "the database changed" costs on a SQLite file, the two ways a server could tell it (never part of
make test; docs/ARCHITECTURE.md, "Persistence", keeps the figures): one pread of the write-ahead log index's header,
as store::local::LocalReads::last_commit does, against PRAGMA data_version on a reading connection, and a read of one
row by its key for scale. Measured through Python's sqlite3 module (SQLite's own C code); the cost of a Python call is
taken off each figure, not the module's own per-statement work, which weighs on the pragma and the read alike."""
import os, sqlite3, time, tempfile, threading
d=tempfile.mkdtemp(); path=os.path.join(d,'x.db')
w=sqlite3.connect(path); w.execute('pragma journal_mode=wal'); w.execute('create table t(a)'); w.execute('insert into t values(1)'); w.commit()
r=sqlite3.connect(path, check_same_thread=False); r.execute('select count(*) from t').fetchone()
fd=os.open(path+'-shm', os.O_RDONLY)
N=200000
def t(f):
    s=time.perf_counter_ns()
    for _ in range(N): f()
    return (time.perf_counter_ns()-s)/N
base=t(lambda: None)
pread=t(lambda: os.pread(fd, 96, 0))
stmt="pragma data_version"
dv=t(lambda: r.execute(stmt).fetchone())
sel=t(lambda: r.execute("select a from t where rowid = 1").fetchone())
print(f"python call {base:.0f} ns; pread of the WAL index header {pread-base:.0f} ns; PRAGMA data_version {dv-base:.0f} ns; a read of one row by key {sel-base:.0f} ns (each less the call)")
# and with a writer committing meanwhile
stop=False
def writer():
    c=sqlite3.connect(path)
    while not stop:
        c.execute('update t set a=a+1'); c.commit()
th=threading.Thread(target=writer); th.start()
pread2=t(lambda: os.pread(fd, 96, 0)); dv2=t(lambda: r.execute(stmt).fetchone())
stop=True; th.join()
print(f"while another connection commits: pread {pread2-base:.0f} ns; PRAGMA data_version {dv2-base:.0f} ns")
