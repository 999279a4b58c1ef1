import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/**
 * "Start immediately": a switch with JavaScript (Radix posts it through a hidden checkbox),
 * a plain checkbox before hydration, so the form posts `name=on` either way.
 */
export function StartImmediatelySwitch({
	id,
	name,
	defaultChecked,
	disabled,
}: {
	id: string
	name: string
	defaultChecked: boolean
	disabled?: boolean
}) {
	const hydrated = useHydrated()
	return (
		<div className="flex items-center gap-3">
			{hydrated ? (
				<Switch id={id} name={name} defaultChecked={defaultChecked} disabled={disabled} />
			) : (
				<Checkbox id={id} name={name} defaultChecked={defaultChecked} disabled={disabled} />
			)}
			<div className="grid gap-0.5">
				<Label htmlFor={id}>Start immediately</Label>
				<p className="text-xs text-muted-foreground">Activate the sequence as soon as it is created.</p>
			</div>
		</div>
	)
}
