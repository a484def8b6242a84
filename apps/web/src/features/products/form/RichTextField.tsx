import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the editor holds when the merchant wrote nothing. */
const EMPTY = '<p></p>';

/**
 * A description in rich text (bold, lists, headings, links), kept as HTML; the API keeps only
 * safe tags and attributes. Loaded with the product form only: no other screen carries the editor.
 */
export function RichTextField({
  label,
  value,
  onChange,
  onBlur,
  description,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  description?: ReactNode;
  error?: string;
}) {
  const { t } = useTranslation('products');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChange(html === EMPTY ? '' : html);
    },
    onBlur,
  });
  const labels: Partial<RichTextEditorLabels> = {
    boldControlLabel: t('richText.bold'),
    italicControlLabel: t('richText.italic'),
    underlineControlLabel: t('richText.underline'),
    bulletListControlLabel: t('richText.bulletList'),
    orderedListControlLabel: t('richText.orderedList'),
    h3ControlLabel: t('richText.heading'),
    linkControlLabel: t('richText.link'),
    unlinkControlLabel: t('richText.unlink'),
    clearFormattingControlLabel: t('richText.clear'),
    linkEditorInputLabel: t('richText.linkUrl'),
    linkEditorInputPlaceholder: 'https://',
    linkEditorSave: t('richText.linkSave'),
    linkEditorExternalLink: t('richText.linkExternal'),
    linkEditorInternalLink: t('richText.linkInternal'),
  };

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={120} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
