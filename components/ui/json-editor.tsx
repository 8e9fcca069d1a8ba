"use client";

import { json, jsonParseLinter } from "@codemirror/lang-json";
import { linter, lintGutter, type Diagnostic } from "@codemirror/lint";
import CodeMirror, { EditorView } from "@uiw/react-codemirror";
import { useTheme } from "next-themes";
import { useMemo } from "react";
import type { ValidationIssue } from "@/lib/errors";
import { locateJsonPath } from "./json-locate";

interface JsonEditorProps {
  /** Names the editor for assistive technology. */
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Problems to mark at their place; paths relative to the edited document. */
  readonly issues?: readonly ValidationIssue[];
  readonly readOnly?: boolean;
  readonly minHeight?: string;
  readonly id?: string;
}

/**
 * A JSON code editor (CodeMirror 6): syntax highlighting, bracket matching, JSON syntax errors,
 * and each validation issue underlined where its path points, with the message on hover and in
 * the lint panel (Ctrl+Shift+M). Tab indents; Esc then Tab leaves the editor (CodeMirror's rule).
 */
export function JsonEditor({ label, value, onChange, issues = [], readOnly = false, minHeight = "10rem", id }: JsonEditorProps) {
  const { resolvedTheme } = useTheme();
  const extensions = useMemo(
    () => [
      json(),
      lintGutter(),
      // An empty editor is not an error yet: it is waiting for input.
      linter((view) => (view.state.doc.length === 0 ? [] : jsonParseLinter()(view))),
      linter((view) => {
        const text = view.state.doc.toString();
        return issues.map((issue): Diagnostic => {
          const place = locateJsonPath(text, issue.path) ?? { from: 0, to: Math.min(text.length, 1) };
          return { from: place.from, to: place.to, severity: "error", message: issue.path ? `${issue.path}: ${issue.message}` : issue.message };
        });
      }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ "aria-label": label, ...(id ? { id } : {}) }),
    ],
    [issues, label, id],
  );
  return (
    <div className="min-w-0 overflow-hidden rounded-md border border-input text-sm focus-within:ring-[3px] focus-within:ring-ring/50">
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        readOnly={readOnly}
        theme={resolvedTheme === "dark" ? "dark" : "light"}
        minHeight={minHeight}
        maxHeight="32rem"
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, autocompletion: false }}
      />
    </div>
  );
}
