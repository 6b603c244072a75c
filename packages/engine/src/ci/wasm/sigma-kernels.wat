;; The inner loops of H·C (sigma-rows.ts), in WebAssembly: V8's compiled JavaScript checks the bounds of every
;; typed-array read, and the opposite-spin loops are gathers (c at a link's source string), so the checks cost as
;; much as the arithmetic. Here memory reads are unchecked (guard pages): 2.8× the JavaScript loop's speed in a
;; one-off micro-benchmark (session 24). SIMD did not help the gathers; the same-spin loops (rows times rows,
;; contiguous) use it.
;;
;; Every address is a byte offset into the one memory, imported so that every thread of H·C shares it
;; (sigma-memory.ts). Rows: the byte offset of a row's first element. u: the diagonal weights' row (element jb
;; at u + 8·jb). w, start, src: the screened beta links (weight, per target string the first link, source);
;; the link kernels take them as `links`, the address of these four addresses (u, w, start, src) in a row.
;; Built into sigma-kernels.wasm.ts by scripts/build-wasm.ts.
(module
  (import "engine" "memory" (memory 1 65536 shared))

  ;; out[outRow + jb] += sign · (u[jb]·c[inRow + jb] + Σ_{l ∈ [start[jb], start[jb+1])} w[l]·c[inRow + src[l]])
  ;; for from ≤ jb < end: one alpha link (or the alpha diagonal) against every beta link.
  (func (export "oneLink")
    (param $in i32) (param $out i32) (param $sign f64) (param $from i32) (param $end i32) (param $links i32)
    (local $u i32) (local $w i32) (local $start i32) (local $src i32)
    (local $jb i32) (local $at i32) (local $l i32) (local $lEnd i32) (local $sum f64)
    (local.set $u (i32.load (local.get $links)))
    (local.set $w (i32.load offset=4 (local.get $links)))
    (local.set $start (i32.load offset=8 (local.get $links)))
    (local.set $src (i32.load offset=12 (local.get $links)))
    (local.set $jb (local.get $from))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_s (local.get $jb) (local.get $end)))
        (local.set $at (i32.shl (local.get $jb) (i32.const 3)))
        (local.set $sum
          (f64.mul
            (f64.load (i32.add (local.get $u) (local.get $at)))
            (f64.load (i32.add (local.get $in) (local.get $at)))))
        (local.set $l (i32.load (i32.add (local.get $start) (i32.shl (local.get $jb) (i32.const 2)))))
        (local.set $lEnd (i32.load offset=4 (i32.add (local.get $start) (i32.shl (local.get $jb) (i32.const 2)))))
        (block $linksDone
          (loop $links
            (br_if $linksDone (i32.ge_s (local.get $l) (local.get $lEnd)))
            (local.set $sum
              (f64.add (local.get $sum)
                (f64.mul
                  (f64.load (i32.add (local.get $w) (i32.shl (local.get $l) (i32.const 3))))
                  (f64.load
                    (i32.add (local.get $in)
                      (i32.shl
                        (i32.load (i32.add (local.get $src) (i32.shl (local.get $l) (i32.const 2))))
                        (i32.const 3)))))))
            (local.set $l (i32.add (local.get $l) (i32.const 1)))
            (br $links)))
        (f64.store (i32.add (local.get $out) (local.get $at))
          (f64.add (f64.load (i32.add (local.get $out) (local.get $at)))
            (f64.mul (local.get $sign) (local.get $sum))))
        (local.set $jb (i32.add (local.get $jb) (i32.const 1)))
        (br $rows))))

  ;; oneLink for four alpha links of the same orbital pair at once: every load of the beta side serves four.
  (func (export "fourLinks")
    (param $in1 i32) (param $in2 i32) (param $in3 i32) (param $in4 i32)
    (param $out1 i32) (param $out2 i32) (param $out3 i32) (param $out4 i32)
    (param $sign1 f64) (param $sign2 f64) (param $sign3 f64) (param $sign4 f64)
    (param $from i32) (param $end i32) (param $links i32)
    (local $u i32) (local $w i32) (local $start i32) (local $src i32)
    (local $jb i32) (local $at i32) (local $l i32) (local $lEnd i32) (local $diagonal f64) (local $weight f64)
    (local $source i32) (local $sum1 f64) (local $sum2 f64) (local $sum3 f64) (local $sum4 f64)
    (local.set $u (i32.load (local.get $links)))
    (local.set $w (i32.load offset=4 (local.get $links)))
    (local.set $start (i32.load offset=8 (local.get $links)))
    (local.set $src (i32.load offset=12 (local.get $links)))
    (local.set $jb (local.get $from))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_s (local.get $jb) (local.get $end)))
        (local.set $at (i32.shl (local.get $jb) (i32.const 3)))
        (local.set $diagonal (f64.load (i32.add (local.get $u) (local.get $at))))
        (local.set $sum1 (f64.mul (local.get $diagonal) (f64.load (i32.add (local.get $in1) (local.get $at)))))
        (local.set $sum2 (f64.mul (local.get $diagonal) (f64.load (i32.add (local.get $in2) (local.get $at)))))
        (local.set $sum3 (f64.mul (local.get $diagonal) (f64.load (i32.add (local.get $in3) (local.get $at)))))
        (local.set $sum4 (f64.mul (local.get $diagonal) (f64.load (i32.add (local.get $in4) (local.get $at)))))
        (local.set $l (i32.load (i32.add (local.get $start) (i32.shl (local.get $jb) (i32.const 2)))))
        (local.set $lEnd (i32.load offset=4 (i32.add (local.get $start) (i32.shl (local.get $jb) (i32.const 2)))))
        (block $linksDone
          (loop $links
            (br_if $linksDone (i32.ge_s (local.get $l) (local.get $lEnd)))
            (local.set $weight (f64.load (i32.add (local.get $w) (i32.shl (local.get $l) (i32.const 3)))))
            (local.set $source
              (i32.shl
                (i32.load (i32.add (local.get $src) (i32.shl (local.get $l) (i32.const 2))))
                (i32.const 3)))
            (local.set $sum1 (f64.add (local.get $sum1)
              (f64.mul (local.get $weight) (f64.load (i32.add (local.get $in1) (local.get $source))))))
            (local.set $sum2 (f64.add (local.get $sum2)
              (f64.mul (local.get $weight) (f64.load (i32.add (local.get $in2) (local.get $source))))))
            (local.set $sum3 (f64.add (local.get $sum3)
              (f64.mul (local.get $weight) (f64.load (i32.add (local.get $in3) (local.get $source))))))
            (local.set $sum4 (f64.add (local.get $sum4)
              (f64.mul (local.get $weight) (f64.load (i32.add (local.get $in4) (local.get $source))))))
            (local.set $l (i32.add (local.get $l) (i32.const 1)))
            (br $links)))
        (f64.store (i32.add (local.get $out1) (local.get $at))
          (f64.add (f64.load (i32.add (local.get $out1) (local.get $at))) (f64.mul (local.get $sign1) (local.get $sum1))))
        (f64.store (i32.add (local.get $out2) (local.get $at))
          (f64.add (f64.load (i32.add (local.get $out2) (local.get $at))) (f64.mul (local.get $sign2) (local.get $sum2))))
        (f64.store (i32.add (local.get $out3) (local.get $at))
          (f64.add (f64.load (i32.add (local.get $out3) (local.get $at))) (f64.mul (local.get $sign3) (local.get $sum3))))
        (f64.store (i32.add (local.get $out4) (local.get $at))
          (f64.add (f64.load (i32.add (local.get $out4) (local.get $at))) (f64.mul (local.get $sign4) (local.get $sum4))))
        (local.set $jb (i32.add (local.get $jb) (i32.const 1)))
        (br $rows))))
  ;; out[i] += ((v1·in1[i] + v2·in2[i]) + v3·in3[i]) + v4·in4[i] for 0 ≤ i < count, two at a time: four entries
  ;; of a sparse row of H_α times their rows of C, into a row of H·C.
  (func (export "fourRows")
    (param $out i32) (param $in1 i32) (param $in2 i32) (param $in3 i32) (param $in4 i32)
    (param $v1 f64) (param $v2 f64) (param $v3 f64) (param $v4 f64) (param $count i32)
    (local $i i32) (local $at i32) (local $w1 v128) (local $w2 v128) (local $w3 v128) (local $w4 v128)
    (local.set $w1 (f64x2.splat (local.get $v1)))
    (local.set $w2 (f64x2.splat (local.get $v2)))
    (local.set $w3 (f64x2.splat (local.get $v3)))
    (local.set $w4 (f64x2.splat (local.get $v4)))
    (block $pairsDone
      (loop $pairs
        (br_if $pairsDone (i32.gt_s (i32.add (local.get $i) (i32.const 2)) (local.get $count)))
        (local.set $at (i32.shl (local.get $i) (i32.const 3)))
        (v128.store (i32.add (local.get $out) (local.get $at))
          (f64x2.add (v128.load (i32.add (local.get $out) (local.get $at)))
            (f64x2.add
              (f64x2.add
                (f64x2.add
                  (f64x2.mul (local.get $w1) (v128.load (i32.add (local.get $in1) (local.get $at))))
                  (f64x2.mul (local.get $w2) (v128.load (i32.add (local.get $in2) (local.get $at)))))
                (f64x2.mul (local.get $w3) (v128.load (i32.add (local.get $in3) (local.get $at)))))
              (f64x2.mul (local.get $w4) (v128.load (i32.add (local.get $in4) (local.get $at)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 2)))
        (br $pairs)))
    (if (i32.lt_s (local.get $i) (local.get $count))
      (then
        (local.set $at (i32.shl (local.get $i) (i32.const 3)))
        (f64.store (i32.add (local.get $out) (local.get $at))
          (f64.add (f64.load (i32.add (local.get $out) (local.get $at)))
            (f64.add
              (f64.add
                (f64.add
                  (f64.mul (local.get $v1) (f64.load (i32.add (local.get $in1) (local.get $at))))
                  (f64.mul (local.get $v2) (f64.load (i32.add (local.get $in2) (local.get $at)))))
                (f64.mul (local.get $v3) (f64.load (i32.add (local.get $in3) (local.get $at)))))
              (f64.mul (local.get $v4) (f64.load (i32.add (local.get $in4) (local.get $at))))))))))

  ;; out[i] += v·in[i] for 0 ≤ i < count: the entries of a sparse row that do not make a group of four.
  (func (export "oneRow") (param $out i32) (param $in i32) (param $v f64) (param $count i32)
    (local $i i32) (local $at i32)
    (block $done
      (loop $elements
        (br_if $done (i32.ge_s (local.get $i) (local.get $count)))
        (local.set $at (i32.shl (local.get $i) (i32.const 3)))
        (f64.store (i32.add (local.get $out) (local.get $at))
          (f64.add (f64.load (i32.add (local.get $out) (local.get $at)))
            (f64.mul (local.get $v) (f64.load (i32.add (local.get $in) (local.get $at))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $elements)))))
