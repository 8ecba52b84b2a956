import module from 'node:module';

// Node 22.1+ keeps V8's compiled code of every module it loads on disk (in the system's
// temporary directory), so a start after the first compiles next to nothing. Node 20 has no
// such cache: there this does nothing. Imported before anything else, to cover every module.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
